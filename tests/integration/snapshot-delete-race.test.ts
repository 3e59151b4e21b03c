import { describe, expect, it } from "vitest";
import { insertVersionRefs, listFilesToCopy } from "../../backend/files/shared-versions-repo.ts";
import type { CreatedUser } from "../helpers/factories.ts";
import { uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";

/**
 * PostgreSQL only (vitest.config.ts runs it in the postgres project alone): it holds publishing's
 * transaction open while a delete runs beside it, which needs row locks and concurrent writers.
 * SQLite has one writer at a time (the delete simply waits for the whole publish) and no FOR SHARE
 * / FOR UPDATE, so there is no race to test there.
 */
let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
useWorkspaceApp((s) => ({ app, alice, ws } = s));

describe("a file deleted while a snapshot of it is being published", () => {
  it("waits for the snapshot and is kept for it", async () => {
    const f = await uploadFile(app, alice.token, ws.id, { filename: "race.md", bytes: Buffer.from("# Race\n") });
    let deleted: Promise<{ status: number }> | null = null;
    let settledEarly = false;
    await app.deps.db.kysely.transaction().execute(async (tx) => {
      // Publishing has read (and locked) the files it copies...
      const [file] = await listFilesToCopy(tx, { workspaceId: ws.id });
      // ...when the owner deletes one of them: the delete waits for the snapshot's refs.
      deleted = app.request("DELETE", `/workspaces/${ws.id}/files/${f.id}`, { token: alice.token });
      void deleted.then(() => (settledEarly = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(settledEarly).toBe(false);
      // The snapshot's ref, written as publishing writes it (here naming the file itself: what
      // matters is that the version is shown when the delete looks).
      await insertVersionRefs(tx, [{ file_id: file!.id, version_id: file!.current_version_id! }]);
    });
    expect((await deleted!).status).toBe(200);
    const row = await app.deps.db.kysely.selectFrom("files").select("scope").where("id", "=", f.id).executeTakeFirst();
    expect(row?.scope).toBe("retained");
  });
});
