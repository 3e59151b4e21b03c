import { describe, expect, it } from "vitest";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { PARSE_RULES } from "../../backend/ingestion/parse-rules.ts";
import { startWorkerLoop } from "../../backend/ingestion/worker-loop.ts";
import type { CreatedUser } from "../helpers/factories.ts";
import { uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";
import * as searchApi from "../../contracts/search.ts";

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };

useWorkspaceApp((s) => ({ app, alice, ws } = s));

const WORDS = ["aquamarine", "brickwork", "cinnamon", "driftwood", "eucalyptus", "fjordland"];

async function jobsLeft(): Promise<number> {
  const rows = await app.deps.db.kysely
    .selectFrom("jobs")
    .select("id")
    .where("status", "in", ["queued", "running"])
    .execute();
  return rows.length;
}

describe("worker loop", () => {
  it("runs jobs several at a time and indexes every file exactly once", async () => {
    const files = [];
    for (const [i, word] of WORDS.entries()) {
      const pages = [
        [{ text: `Exhibit ${i} mentions ${word} once`, x: 72, y: 700 }],
        [{ text: `Second page of exhibit ${i}`, x: 72, y: 700 }],
      ];
      files.push(
        await uploadFile(app, alice.token, ws.id, {
          filename: `exhibit-${i}.pdf`,
          bytes: Buffer.from(makePdf(pages)),
          contentType: "application/pdf",
        }),
      );
    }
    const loop = startWorkerLoop(app.deps, { concurrency: 3, limits: { ocrPdfPages: false } });
    try {
      const deadline = Date.now() + 60_000;
      while ((await jobsLeft()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await loop.close();
    }
    expect(await jobsLeft()).toBe(0);
    const docs = await app.deps.db.kysely
      .selectFrom("documents")
      .select(["file_id", "page_count"])
      .where("workspace_id", "=", ws.id)
      .execute();
    expect(docs.map((d) => d.file_id).sort()).toEqual(files.map((f) => f.id).sort());
    expect(docs.every((d) => Number(d.page_count) === 2)).toBe(true);
    for (const [i, word] of WORDS.entries()) {
      const res = await app.api(searchApi.searchWorkspace, {
        params: { id: ws.id },
        token: alice.token,
        body: { query: word, limit: 10 },
      });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: { file_id: string; page: number }) => [r.file_id, r.page])).toEqual([
        [files[i].id, 1],
      ]);
    }
  });

  it("parses a PDF indexed by older text rules again by itself once it has nothing else to do", async () => {
    const db = app.deps.db.kysely;
    const [doc] = await db
      .selectFrom("documents")
      .select("version_id")
      .where("workspace_id", "=", ws.id)
      .orderBy("version_id")
      .limit(1)
      .execute();
    await db.updateTable("documents").set({ parsed: null }).where("version_id", "=", doc!.version_id).execute();
    await db
      .updateTable("pages")
      .set({ text: "stale" })
      .where("version_id", "=", doc!.version_id)
      .where("page", "=", 2)
      .execute();
    const parsed = async () =>
      (await db.selectFrom("documents").select("parsed").where("version_id", "=", doc!.version_id).executeTakeFirst())
        ?.parsed;
    const loop = startWorkerLoop(app.deps, { concurrency: 2, limits: { ocrPdfPages: false } });
    try {
      const deadline = Date.now() + 30_000;
      while ((await parsed()) !== PARSE_RULES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await loop.close();
    }
    expect(await parsed()).toBe(PARSE_RULES);
    const page = await db
      .selectFrom("pages")
      .select("text")
      .where("version_id", "=", doc!.version_id)
      .where("page", "=", 2)
      .executeTakeFirstOrThrow();
    expect(page.text).toMatch(/^Second page of exhibit \d$/);
    expect(await jobsLeft()).toBe(0);
  });
});
