import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import type { StreamEvent } from "../../contracts/agent.ts";
import { setupAgent, toolResults, type AgentSetup } from "../helpers/agent.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createPeerApp, type PeerApp } from "../helpers/test-app.ts";
import { hasEdgarData, startFakeEdgar, type FakeEdgar } from "../helpers/fake-edgar.ts";
import { openSse, ofType, textOf, type ReceivedEvent, type SseConnection } from "../helpers/sse.ts";

/**
 * edgar_import in the agent's loop: the model asks to import filings, the user approves (or
 * declines, or nobody answers, or the answer is stopped) through the confirmation route, and on
 * approval the filing is imported from the local SEC EDGAR, indexed, searched and cited in the
 * same answer. CARBO's 10-K is the recorded filing whose document is there to import.
 */
const CARBO = 1009672;
const TEN_K = "0001564590-18-004771";
const UA = "Agent import tests agent-import@example.com";

type Request = Extract<StreamEvent, { type: "confirmation_request" }>;
const isRequest = (e: ReceivedEvent) => e.data.type === "confirmation_request";
const answerIdOf = (events: ReceivedEvent[]) => ofType(events, "message_started")[0]!.message_id;

// Skipped only when the recorded SEC EDGAR responses are absent (SHARED_DATA_DIR/edgar): the local
// fake replays them, and tests cannot reach the real EDGAR.
describe.skipIf(!hasEdgarData)("edgar_import with the user's confirmation", () => {
  let edgar: FakeEdgar;
  let s: AgentSetup;
  let bob: CreatedUser;
  let peer: PeerApp;
  beforeAll(async () => {
    edgar = await startFakeEdgar();
    s = await setupAgent({ ...edgar.env, EDGAR_USER_AGENT: UA, EDGAR_CONFIRM_TIMEOUT_MS: "60000" });
    bob = await createUser(s.app);
    // Another process of the deployment: the user's answer may reach any of them.
    peer = await createPeerApp(s.app, { ...edgar.env, EDGAR_USER_AGENT: UA });
  }, 120_000);
  afterAll(async () => {
    await peer?.close();
    await s?.close();
    await edgar?.close();
  });

  const confirm = (
    tid: string,
    mid: string,
    cid: string,
    approve: boolean,
    token = s.alice.token,
    via: Pick<PeerApp, "request"> = s.app,
  ) =>
    via.request("POST", `/workspaces/${s.ws.id}/threads/${tid}/messages/${mid}/confirmations/${cid}`, {
      token,
      body: { approve },
    });

  /** Asks, and waits until the answer shows its confirmation request. */
  async function askUntilRequest(
    tid: string,
    query: string,
  ): Promise<{ sse: SseConnection; request: Request; mid: string }> {
    const sse = await s.ask(tid, { query });
    const request = (await sse.waitFor(isRequest, 20_000)).data as Request;
    return { sse, request, mid: answerIdOf(sse.events) };
  }

  it("approved: imports the 10-K from EDGAR, waits for its indexing, then the answer cites a page of it", async () => {
    let importedId = "";
    s.fake.script(
      { toolCalls: [{ name: "edgar_search", args: { cik: CARBO, forms: ["10-K"], limit: 3 } }] },
      (body) => {
        expect(body.tools?.map((t: { function: { name: string } }) => t.function.name)).toContain("edgar_import");
        const listed = toolResults(body)[0];
        expect(listed.filings.map((f: { accession_number: string }) => f.accession_number)).toContain(TEN_K);
        return { toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: [TEN_K] } }] };
      },
      (body) => {
        const result = toolResults(body).at(-1);
        expect(result.status).toBe("imported");
        expect(result.files).toEqual([
          { file_id: expect.any(String), filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm", status: "indexed" },
        ]);
        importedId = result.files[0].file_id;
        return {
          toolCalls: [
            {
              name: "search_documents",
              args: { query: "kaolin bauxite natural gas contracts", file_ids: [importedId] },
            },
          ],
        };
      },
      (body) => {
        const hit = toolResults(body).at(-1).results[0];
        return { text: `CARBO buys kaolin and bauxite under supply contracts [${hit.n}].` };
      },
    );
    const tid = await s.newThread();
    const { sse, request, mid } = await askUntilRequest(
      tid,
      "Add CARBO's last 10-K and tell me what raw materials it buys",
    );
    expect(request).toEqual({
      type: "confirmation_request",
      id: expect.any(String),
      kind: "edgar_import",
      filings: [
        {
          cik: CARBO,
          company: "CARBO CERAMICS INC",
          form: "10-K",
          filed_at: "2018-03-08",
          period: "2017-12-31",
          accession_number: TEN_K,
        },
      ],
      include_exhibits: false,
    });
    // Nothing is imported, and the model is not called again, before the user answers.
    await new Promise((r) => setTimeout(r, 600));
    expect(s.fake.requests.length).toBe(2);
    expect(edgar.requests.some((r) => r.line.endsWith("crr-10k_20171231.htm"))).toBe(false);

    // Another user cannot see it; the owner approves once.
    const refused = await confirm(tid, mid, request.id, true, bob.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
    const unknown = await confirm(tid, mid, "no-such-confirmation", true);
    expect(unknown.status).toBe(404);
    const approved = await confirm(tid, mid, request.id, true);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ id: request.id, status: "approved" });
    const again = await confirm(tid, mid, request.id, false);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("agent/confirmation-closed");

    // The tool imports, then waits for the worker (here: the drained queue) to index the filing.
    await sse.waitFor((e) => e.data.type === "import_progress", 20_000);
    expect(await drainQueue(s.app.deps)).toBeGreaterThan(0);
    const events = await sse.done();
    expect(ofType(events, "confirmation_result")).toEqual([
      { type: "confirmation_result", id: request.id, status: "approved" },
    ]);
    const progress = ofType(events, "import_progress");
    expect(progress.at(-1)).toEqual({
      type: "import_progress",
      id: request.id,
      files: [{ id: importedId, filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm", status: "indexed" }],
      failures: [],
    });
    const [citation] = ofType(events, "citation");
    expect(citation).toMatchObject({ file_id: importedId, verified: true });
    expect(citation!.page).toBeGreaterThan(1);
    expect(textOf(events)).toBe(`CARBO buys kaolin and bauxite under supply contracts [${citation!.n}].`);
    expect(events.at(-1)!.data).toEqual({ type: "done", message_id: mid, status: "complete" });

    // The stored events replay the card with its final state.
    const replay = await (
      await openSse(s.app, "GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${mid}/stream`, {
        token: s.alice.token,
      })
    ).done();
    expect(ofType(replay, "confirmation_request")).toEqual([request]);
    expect(ofType(replay, "confirmation_result")[0]!.status).toBe("approved");
    expect(ofType(replay, "import_progress").at(-1)!.files[0]!.status).toBe("indexed");
  }, 90_000);

  it("declined (in another process than the one writing the answer): nothing is imported and the model is told so", async () => {
    const before = edgar.requests.length;
    s.fake.script(
      { toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: [TEN_K] } }] },
      (body) => {
        const result = toolResults(body).at(-1);
        expect(result).toEqual({ status: "declined", message: expect.stringContaining("declined") });
        return { text: "You declined the import, so I answer without CARBO's 10-K." };
      },
    );
    const tid = await s.newThread();
    const { sse, request, mid } = await askUntilRequest(tid, "Import CARBO's 10-K");
    const filesBefore = await s.app.request("GET", `/workspaces/${s.ws.id}/files`, { token: s.alice.token });
    const res = await confirm(tid, mid, request.id, false, s.alice.token, peer);
    expect(res.body).toEqual({ id: request.id, status: "declined" });
    const events = await sse.done();
    expect(ofType(events, "confirmation_result")).toEqual([
      { type: "confirmation_result", id: request.id, status: "declined" },
    ]);
    expect(ofType(events, "import_progress")).toEqual([]);
    expect(textOf(events)).toBe("You declined the import, so I answer without CARBO's 10-K.");
    const filesAfter = await s.app.request("GET", `/workspaces/${s.ws.id}/files`, { token: s.alice.token });
    expect(filesAfter.body.files.length).toBe(filesBefore.body.files.length);
    expect(edgar.requests.slice(before).some((r) => r.line.includes("/Archives/"))).toBe(false);
  }, 60_000);

  it("an unknown accession number is an error result, with no confirmation asked", async () => {
    s.fake.script(
      { toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: ["0000000000-00-000000"] } }] },
      { text: "That filing does not exist." },
    );
    const events = await (await s.ask(await s.newThread(), { query: "Import a filing" })).done();
    const [result] = ofType(events, "tool_result");
    expect(result).toMatchObject({ name: "edgar_import", is_error: true });
    expect(JSON.stringify(result!.result)).toContain("has no filing 0000000000-00-000000");
    expect(ofType(events, "confirmation_request")).toEqual([]);
  }, 60_000);

  it("stopping the answer while it waits ends the wait at once; the request can no longer be answered", async () => {
    s.fake.script({ toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: [TEN_K] } }] });
    const tid = await s.newThread();
    const { sse, request, mid } = await askUntilRequest(tid, "Import CARBO's 10-K");
    const t0 = performance.now();
    const res = await s.app.request(
      "POST",
      `/workspaces/${s.ws.id}/threads/${tid}/cancel_stream_qa?message_id=${mid}`,
      {
        token: s.alice.token,
      },
    );
    expect(res.body).toEqual({ message_id: mid, status: "cancelled" });
    const events = await sse.done();
    expect(performance.now() - t0, "ms from stop to the answer's end").toBeLessThan(1_500);
    expect(events.at(-1)!.data).toEqual({ type: "done", message_id: mid, status: "cancelled" });
    const late = await confirm(tid, mid, request.id, true);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("agent/confirmation-closed");
    const row = await s.app.deps.db.kysely
      .selectFrom("agent_confirmations")
      .select("status")
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
  }, 60_000);
});

// Skipped only when the recorded SEC EDGAR responses are absent (SHARED_DATA_DIR/edgar): the local
// fake replays them, and tests cannot reach the real EDGAR.
describe.skipIf(!hasEdgarData)("edgar_import left unanswered", () => {
  let edgar: FakeEdgar;
  let s: AgentSetup;
  beforeAll(async () => {
    edgar = await startFakeEdgar();
    s = await setupAgent({ ...edgar.env, EDGAR_USER_AGENT: UA, EDGAR_CONFIRM_TIMEOUT_MS: "800" });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await edgar?.close();
  });

  it("expires after EDGAR_CONFIRM_TIMEOUT_MS: the model hears the user did not confirm, and answers", async () => {
    s.fake.script(
      { toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: [TEN_K] } }] },
      (body) => {
        const result = toolResults(body).at(-1);
        expect(result.status).toBe("not_confirmed");
        expect(result.message).toMatch(/did not confirm/);
        return { text: "The import was not confirmed." };
      },
    );
    const tid = await s.newThread();
    const sse = await s.ask(tid, { query: "Import CARBO's 10-K" });
    const events = await sse.done();
    const [request] = ofType(events, "confirmation_request");
    expect(ofType(events, "confirmation_result")).toEqual([
      { type: "confirmation_result", id: request!.id, status: "expired" },
    ]);
    expect(textOf(events)).toBe("The import was not confirmed.");
    const late = await s.app.request(
      "POST",
      `/workspaces/${s.ws.id}/threads/${tid}/messages/${answerIdOf(events)}/confirmations/${request!.id}`,
      { token: s.alice.token, body: { approve: true } },
    );
    expect(late.status).toBe(409);
  }, 60_000);
});
