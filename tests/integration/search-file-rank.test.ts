import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { FileRankCache, rankFilePassages } from "../../backend/search/file-rank.ts";
import { sqliteSearchIndex } from "../../backend/search/sqlite.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// SQLite only (vitest.config.ts runs it in the sqlite project alone): ranking one file in process
// is the SQLite index's path at data-room scale (FTS5's bm25 counts each term in the whole index);
// PostgreSQL ranks within a file in the database.
describe("ranking one file's passages in process (SQLite at scale)", () => {
  let app: TestApp;
  let alice: CreatedUser;
  let ws: { id: string };
  let other: { id: string };
  let filing: { id: string };

  beforeAll(async () => {
    app = await createTestApp();
    alice = await createUser(app);
    ws = await createWorkspace(app, alice.token);
    other = await createWorkspace(app, alice.token);
    const pages = [
      "Risk factors: competition, suppliers and the weather.",
      "Net sales were 4,200 and operating income 620; capital expenditures were 512.",
      "Capital expenditures by segment: stores 300, distribution 150, technology 62.",
      "Legal proceedings: none material.",
    ].map((text) => [{ text, x: 72, y: 700 }]);
    filing = await uploadFile(app, alice.token, ws.id, {
      filename: "filing.pdf",
      bytes: Buffer.from(makePdf(pages)),
      contentType: "application/pdf",
    });
    await uploadFile(app, alice.token, ws.id, {
      filename: "other.pdf",
      bytes: Buffer.from(makePdf([[{ text: "Capital expenditures elsewhere: 9,999.", x: 72, y: 700 }]])),
      contentType: "application/pdf",
    });
    await drainQueue(app.deps, { limits: { ocrPdfPages: false } });
  });
  afterAll(() => app?.close());

  const terms = [
    { words: ["capital", "expenditures"], weight: 1 },
    { words: ["segment"], weight: 1 },
  ];
  const df = () => 1;
  // The tokenized files and word table a search index keeps (one per index, made at boot).
  const files = new FileRankCache();

  it("ranks the file's pages as FTS5 does and returns only that file", async () => {
    const ours = await rankFilePassages(
      app.deps.db.kysely,
      files,
      { workspaceId: ws.id, fileId: filing.id, terms, limit: 10 },
      df,
      1_000,
    );
    const fts = await sqliteSearchIndex(app.deps.db.kysely).search({
      workspaceId: ws.id,
      terms,
      fileIds: [filing.id],
      limit: 10,
    });
    expect(ours!.map((h) => h.page)).toEqual([3, 2]);
    expect(ours!.map((h) => h.passage_id)).toEqual(fts.map((h) => h.passage_id));
    expect(new Set(ours!.map((h) => h.file_id))).toEqual(new Set([filing.id]));
  });

  it("finds nothing for a file of another workspace", async () => {
    expect(
      await rankFilePassages(
        app.deps.db.kysely,
        files,
        { workspaceId: other.id, fileId: filing.id, terms, limit: 10 },
        df,
        1_000,
      ),
    ).toEqual([]);
  });

  it("serves a second search from the tokenized file, with the same result", async () => {
    const first = await rankFilePassages(
      app.deps.db.kysely,
      files,
      { workspaceId: ws.id, fileId: filing.id, terms, limit: 10 },
      df,
      1_000,
    );
    const again = await rankFilePassages(
      app.deps.db.kysely,
      files,
      { workspaceId: ws.id, fileId: filing.id, terms, limit: 10 },
      df,
      1_000,
    );
    expect(again).toEqual(first);
  });
});
