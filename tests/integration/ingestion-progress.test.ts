import { describe, expect, it } from "vitest";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import type { CreatedUser } from "../helpers/factories.ts";
import { uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";

// indexing_status moves page by page while a file is parsed: the parser worker reports each PDF
// page, the job row carries the counts, and the status adds running jobs' pages to its totals.

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };

useWorkspaceApp((s) => ({ app, alice, ws } = s));

const status = async () =>
  (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;

describe("per-page progress", () => {
  it("a status read during a slow parse shows some but not all pages done", { timeout: 60_000 }, async () => {
    await uploadFile(app, alice.token, ws.id, {
      filename: "first.txt",
      bytes: Buffer.from("One page already indexed.\n"),
    });
    await drainQueue(app.deps);
    expect(await status()).toMatchObject({ files_done: 1, pages_total: 1, pages_done: 1 });

    const pdf = makePdf(
      Array.from({ length: 6 }, (_, i) => [{ text: `Chapter ${i + 1} of the pilot's handbook`, x: 72, y: 700 }]),
    );
    await uploadFile(app, alice.token, ws.id, {
      filename: "handbook.pdf",
      bytes: Buffer.from(pdf),
      contentType: "application/pdf",
    });
    // Each page takes 600 ms: the 6 pages span several of the job's once-a-second progress writes.
    const drained = drainQueue(app.deps, { limits: { ocrPdfPages: false }, progressDelayMs: 600 });
    const seen: { pages_done: number; pages_total: number; files_done: number; state: string }[] = [];
    let finished = false;
    void drained.finally(() => (finished = true));
    const locks = new Set<string>();
    while (!finished) {
      seen.push(await status());
      const running = await app.deps.db.kysely
        .selectFrom("jobs")
        .select("locked_at")
        .where("status", "=", "running")
        .executeTakeFirst();
      if (running?.locked_at) locks.add(running.locked_at);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await drained).toBe(1);

    // Mid-parse: the PDF's 6 pages are in the total, and some (not all) are done.
    const midway = seen.filter(
      (s) => s.files_done === 1 && s.pages_total === 7 && s.pages_done > 1 && s.pages_done < 7,
    );
    expect(midway.length, JSON.stringify(seen.map((s) => [s.pages_done, s.pages_total]))).toBeGreaterThan(0);
    expect(midway.every((s) => s.state === "indexing")).toBe(true);
    // Each progress write is also a heartbeat: the running job's lock moved on during the parse.
    expect(locks.size).toBeGreaterThan(1);
    // Pages done never go backwards.
    const done = seen.map((s) => s.pages_done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(await status()).toMatchObject({ state: "idle", files_done: 2, pages_total: 7, pages_done: 7 });
  });
});
