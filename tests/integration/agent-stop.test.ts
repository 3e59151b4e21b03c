import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupAgent, type AgentSetup } from "../helpers/agent.ts";
import { openSse, textOf, type ReceivedEvent } from "../helpers/sse.ts";

/**
 * Stop keeps an answer as its reader saw it: the page says which event it showed last, and the
 * words after it (still on their way when Stop was pressed) are not stored.
 */
let s: AgentSetup;
beforeAll(async () => {
  s = await setupAgent();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i} `);
const messageRow = (id: string) =>
  s.app.deps.db.kysely.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const cancel = (tid: string, id: string, shown: number) =>
  s.app.request("POST", `/workspaces/${s.ws.id}/threads/${tid}/cancel_stream_qa?message_id=${id}&shown=${shown}`, {
    token: s.alice.token,
  });
const idOf = (events: ReceivedEvent[]) => (events[0]!.data as { message_id: string }).message_id;

describe("Stop with the last event shown", () => {
  it("stores the answer as it was at that event; following and replaying it read the same", async () => {
    s.fake.script({ text: words(200), delayMs: 20 });
    const tid = await s.newThread();
    const sse = await s.ask(tid, { query: "Write a lot" });
    await sse.waitFor(() => sse.events.filter((e) => e.data.type === "text_delta").length >= 8);
    // The reader was shown up to the fourth piece of text; more arrived before the cancel.
    const shown = sse.events.filter((e) => e.data.type === "text_delta")[3]!;
    const seen = textOf(sse.events.filter((e) => e.id! <= shown.id!));
    const id = idOf(sse.events);
    const res = await cancel(tid, id, shown.id!);
    expect(res.body).toEqual({ message_id: id, status: "cancelled" });
    expect(textOf(await sse.done()).length).toBeGreaterThan(seen.length);

    const row = await messageRow(id);
    expect(row.status).toBe("cancelled");
    expect(row.content).toBe(seen);
    const base = `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}`;
    for (const path of [`${base}/stream`, `${base}/replay?speed_factor=100`]) {
      const events = await (await openSse(s.app, "GET", path, { token: s.alice.token })).done();
      expect(textOf(events), path).toBe(seen);
      expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
      expect(events.at(-1)!.data).toEqual({ type: "done", message_id: id, status: "cancelled" });
    }
  });

  it("never rewrites an answer that had ended", async () => {
    s.fake.script({ text: "Done in full." });
    const tid = await s.newThread();
    const id = idOf(await (await s.ask(tid, { query: "Quick" })).done());
    expect((await cancel(tid, id, 0)).body).toEqual({ message_id: id, status: "complete" });
    expect((await messageRow(id)).content).toBe("Done in full.");
  });
});
