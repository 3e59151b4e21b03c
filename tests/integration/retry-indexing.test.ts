import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryIndexing } from "../../backend/files/service.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as filesApi from "../../contracts/files.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
let ws: { id: string };
const noOcr = { limits: { ocrPdfPages: false } };
/** Starts like a PDF, then nothing a PDF reader can use. */
const CORRUPT_PDF = Buffer.from("%PDF-1.7\n" + "garbage ".repeat(500));

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
  ws = await createWorkspace(app, alice.token);
});
afterAll(() => app?.close());

const retry = (fid: string, o: { token: string | null; workspaceId?: string } = { token: alice.token }) =>
  app.api(filesApi.retryIndexing, { params: { id: o.workspaceId ?? ws.id, fid }, token: o.token ?? undefined });
const status = async () =>
  (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;
const metadata = async (fid: string) =>
  (await app.api(filesApi.getFileMetadata, { params: { id: ws.id, fid }, token: alice.token })).body;
const jobsOf = (fid: string) =>
  app.deps.db.kysely
    .selectFrom("jobs")
    .select(["status", "version_id", "error"])
    .where("file_id", "=", fid)
    .orderBy("created_at")
    .execute();

describe("retry_indexing", () => {
  let bad: { id: string; version_id: string | null };
  let reason: string;

  it("a corrupt PDF fails with a reason the owner can read", async () => {
    bad = await uploadFile(app, alice.token, ws.id, {
      filename: "broken.pdf",
      bytes: CORRUPT_PDF,
      contentType: "application/pdf",
    });
    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    const f = await metadata(bad.id);
    expect(f.status).toBe("failed");
    expect(f.error).toMatch(/PDF/);
    reason = f.error!;
    expect((await status()).failures).toEqual([{ file_id: bad.id, filename: "broken.pdf", reason }]);
  });

  it("retry queues the current version again, then it fails again with its reason", async () => {
    const res = await retry(bad.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bad.id, version_id: bad.version_id, status: "uploaded", error: null });
    expect(await jobsOf(bad.id)).toEqual([
      { status: "failed", version_id: bad.version_id, error: reason },
      { status: "queued", version_id: bad.version_id, error: null },
    ]);
    expect(await status()).toMatchObject({ state: "indexing", files_failed: 0, failures: [] });

    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    expect(await metadata(bad.id)).toMatchObject({ status: "failed", error: reason });
    expect(await status()).toMatchObject({ state: "idle", files_failed: 1, failures: [{ file_id: bad.id, reason }] });
    expect((await jobsOf(bad.id)).map((j) => j.status)).toEqual(["failed", "failed"]);
  });

  it("a file that has not failed can't be retried: 409 files/not-failed", async () => {
    const good = await uploadFile(app, alice.token, ws.id, {
      filename: "notes.txt",
      bytes: Buffer.from("Tulip bulbs shipped from Rotterdam.\n"),
    });
    const queued = await retry(good.id);
    expect(queued.status).toBe(409);
    expect(queued.error).toMatchObject({ code: "files/not-failed", message: expect.stringContaining("notes.txt") });
    await drainQueue(app.deps, noOcr);
    const indexed = await retry(good.id);
    expect(indexed.status).toBe(409);
    expect(indexed.error?.code).toBe("files/not-failed");
    expect(indexed.error?.message).toContain("already indexed");
    expect(await jobsOf(good.id)).toHaveLength(1);
  });

  it("two retries at once queue one job", async () => {
    // Straight to the service: both calls read the file as failed before either writes.
    const actor = { user: (await app.deps.identity.getSession(alice.token))!, token: alice.token };
    const both = await Promise.allSettled(
      [0, 1].map(() => retryIndexing(app.deps, { actor, workspaceId: ws.id, fileId: bad.id })),
    );
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "files/not-failed", status: 409 });
    expect((await jobsOf(bad.id)).filter((j) => j.status === "queued")).toHaveLength(1);
    await drainQueue(app.deps, noOcr);
    expect(await metadata(bad.id)).toMatchObject({ status: "failed", error: reason });
  });

  it("only the owner may retry: others get 404 on a private workspace, anonymous 401", async () => {
    const other = await retry(bad.id, { token: bob.token });
    expect(other.status).toBe(404);
    expect(other.error?.code).toBe("not_found");
    expect((await retry(bad.id, { token: null })).status).toBe(401);
    // Nothing changed for the owner's file.
    expect(await metadata(bad.id)).toMatchObject({ status: "failed", error: reason });
    expect((await retry("no-such-file")).status).toBe(404);
    // A file id from another workspace is not found through this one.
    const bobs = await createWorkspace(app, bob.token);
    expect((await retry(bad.id, { token: bob.token, workspaceId: bobs.id })).status).toBe(404);
  });
});
