import { describe, expect, it } from "vitest";
import { requeueIndexedPdfs } from "../../backend/ingestion/reindex.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import * as searchApi from "../../contracts/search.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import type { CreatedUser } from "../helpers/factories.ts";
import { uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
useWorkspaceApp((s) => ({ app, alice, ws } = s));
const noOcr = { limits: { ocrPdfPages: false } };

const search = async (query: string) =>
  (await app.api(searchApi.searchWorkspace, { params: { id: ws.id }, token: alice.token, body: { query, limit: 5 } }))
    .body.results;
const queuedJobs = () =>
  app.deps.db.kysely.selectFrom("jobs").select(["file_id"]).where("status", "=", "queued").execute();

/** `npm run reindex`: PDFs indexed by older text rules are parsed again, the rest left alone. */
describe("requeueIndexedPdfs", () => {
  it("queues each indexed PDF once, leaves other files alone, and the new parse replaces the old text", async () => {
    const pdf = await uploadFile(app, alice.token, ws.id, {
      filename: "scan0042.pdf",
      bytes: Buffer.from(makePdf([[{ text: "The national flag is rectangular.", x: 72, y: 700 }]])),
      contentType: "application/pdf",
    });
    await uploadFile(app, alice.token, ws.id, {
      filename: "notes.txt",
      bytes: Buffer.from("Minutes of the meeting about the flag.\n"),
      contentType: "text/plain",
    });
    await drainQueue(app.deps, noOcr);
    // What an older parser stored: the "fl" ligature lost.
    await app.deps.db.kysely
      .updateTable("pages")
      .set({ text: "The national ag is rectangular." })
      .where("version_id", "in", (eb) => eb.selectFrom("files").select("current_version_id").where("id", "=", pdf.id))
      .execute();

    expect(await requeueIndexedPdfs(app.deps.db.kysely)).toBe(1);
    expect((await queuedJobs()).map((j) => j.file_id)).toEqual([pdf.id]);
    // Already queued: not twice.
    expect(await requeueIndexedPdfs(app.deps.db.kysely)).toBe(0);
    // Until the worker runs, search answers from the old index.
    expect((await search("national flag rectangular")).map((r) => r.file_id)).toContain(pdf.id);

    await drainQueue(app.deps, noOcr);
    const page = await app.deps.db.kysely
      .selectFrom("pages")
      .select("text")
      .where("version_id", "in", (eb) => eb.selectFrom("files").select("current_version_id").where("id", "=", pdf.id))
      .executeTakeFirstOrThrow();
    expect(page.text).toBe("The national flag is rectangular.");
    const hits = await search("national flag rectangular");
    expect(hits[0]?.file_id).toBe(pdf.id);
    // One copy of the index, not two.
    expect(hits.filter((h) => h.file_id === pdf.id)).toHaveLength(1);
  }, 60_000);
});
