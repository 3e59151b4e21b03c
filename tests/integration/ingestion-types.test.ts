import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDocx, makePptx, makeXlsx } from "../helpers/documents/make-office.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as searchApi from "../../contracts/search.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import * as systemApi from "../../contracts/system.ts";

/**
 * Acceptance for issue 5: one real file of each type through upload -> queue -> isolated parse ->
 * index -> search, on both databases, each found by a known passage on its page; and hostile files
 * in the same workspace, each failed with a reason in bounded time while the others index.
 */
const DATA = resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const ids: Record<string, string> = {};

function zipOf(entries: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((ok, fail) =>
    zip.outputStream
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => ok(Buffer.concat(chunks)))
      .on("error", fail),
  );
}

const eml = [
  "From: Dana <dana@example.com>",
  "To: team@example.com",
  "Subject: Quarterly close",
  "Date: Mon, 2 Oct 2023 09:00:00 +0000",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "The reconciliation of the escrow account is finished.",
  "",
].join("\r\n");

/** filename -> [bytes, content type, a query, the page it must be found on]. */
async function goodFiles(): Promise<Record<string, [Buffer, string, string, number]>> {
  const files: Record<string, [Buffer, string, string, number]> = {
    "report.pdf": [
      Buffer.from(
        makePdf([
          [{ text: "Cover page", x: 72, y: 700 }],
          [{ text: "Dividends rose on stronger margins", x: 72, y: 700 }],
        ]),
      ),
      "application/pdf",
      "dividends margins",
      2,
    ],
    // DOCX: one page per top-level section; "Risks" is the second.
    "memo.docx": [
      Buffer.from(await makeDocx()),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "competition fierce",
      2,
    ],
    "model.xlsx": [
      Buffer.from(await makeXlsx()),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "gadgets widgets",
      1,
    ],
    "deck.pptx": [
      Buffer.from(await makePptx()),
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "EMEA region",
      2,
    ],
    "ledger.csv": [
      Buffer.from("account,balance\nTreasury bills,1200\nCommercial paper,800\n"),
      "text/csv",
      "treasury bills",
      1,
    ],
    "page.html": [
      Buffer.from(
        "<html><body><script>var hidden = 'zebra';</script><h1>Covenants</h1><p>The leverage covenant was waived.</p></body></html>",
      ),
      "text/html",
      "leverage covenant waived",
      1,
    ],
    "notes.md": [
      Buffer.from("# Board notes\n\nThe audit committee approved the auditor rotation.\n"),
      "text/markdown",
      "auditor rotation",
      1,
    ],
    "plain.txt": [
      Buffer.from("Inventory write-downs totalled 3.2 million.\n"),
      "text/plain",
      "inventory write-downs",
      1,
    ],
    "close.eml": [Buffer.from(eml), "message/rfc822", "escrow reconciliation", 1],
    "bundle.zip": [
      await zipOf([["inner/terms.txt", Buffer.from("The indemnification cap is ten percent.\n")]]),
      "application/zip",
      "indemnification cap",
      1,
    ],
  };
  const receipts = join(DATA, "receipts_sroie/img");
  if (existsSync(receipts)) {
    const img = readdirSync(receipts).sort()[0]!;
    files[`receipt${img.slice(img.lastIndexOf("."))}`] = [readFileSync(join(receipts, img)), "image/jpeg", "total", 1];
  }
  return files;
}

async function hostileFiles(): Promise<Record<string, [Buffer, string]>> {
  const png = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png);
  png.write("IHDR", 12, "latin1");
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  const row = '<row r="1"><c r="A1"><v>1</v></c></row>';
  return {
    "bomb.zip": [await zipOf([["zeros.txt", Buffer.alloc(20 * 1024 * 1024)]]), "application/zip"],
    "locked.pdf": [Buffer.from(makePdf([[{ text: "Secret", x: 72, y: 700 }]], { encrypted: true })), "application/pdf"],
    "corrupt.pdf": [Buffer.from("%PDF-1.7\n" + "\u0000garbage".repeat(1000)), "application/pdf"],
    "huge.png": [png, "image/png"],
    "expanding.xlsx": [
      await zipOf([
        ["[Content_Types].xml", Buffer.from("<Types/>")],
        [
          "xl/worksheets/sheet1.xml",
          Buffer.from(`<worksheet><sheetData>${row.repeat(600_000)}</sheetData></worksheet>`),
        ],
      ]),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ],
  };
}

let good: Awaited<ReturnType<typeof goodFiles>>;
let drainSeconds = 0;

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = await createWorkspace(app, alice.token);
  good = await goodFiles();
  const hostile = await hostileFiles();
  for (const [filename, [bytes, contentType]] of [...Object.entries(good), ...Object.entries(hostile)]) {
    ids[filename] = (await uploadFile(app, alice.token, ws.id, { filename, bytes, contentType })).id;
  }
  const started = Date.now();
  await drainQueue(app.deps, { limits: { ocrPdfPages: false } });
  drainSeconds = (Date.now() - started) / 1000;
}, 300_000);
afterAll(() => app?.close());

const fileRow = (id: string) =>
  app.deps.db.kysely.selectFrom("files").select(["status", "error"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("every type, end to end", () => {
  it("indexes each file and search finds its known passage on its page", async () => {
    for (const [filename, [, , query, page]] of Object.entries(good)) {
      expect(await fileRow(ids[filename]!), filename).toMatchObject({ status: "indexed", error: null });
      // The archive's text lives in its entry, a file of its own.
      const target = filename === "bundle.zip" ? "bundle.zip/inner/terms.txt" : filename;
      const res = await app.api(searchApi.searchWorkspace, {
        params: { id: ws.id },
        token: alice.token,
        body: { query, limit: 5 },
      });
      const hit = res.body.results.find((r: { filename: string }) => r.filename === target);
      expect(hit, `${filename}: "${query}"`).toBeDefined();
      expect(hit!.page, filename).toBe(page);
    }
  });

  it("fails each hostile file with a reason, in bounded time, while the rest index", async () => {
    for (const filename of ["bomb.zip", "locked.pdf", "corrupt.pdf", "huge.png", "expanding.xlsx"]) {
      const row = await fileRow(ids[filename]!);
      expect(row.status, filename).toBe("failed");
      expect(row.error, filename).toMatch(/\w{3,}/);
    }
    const status = (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;
    expect(status).toMatchObject({ state: "idle", files_failed: 5 });
    expect(status.files_done + status.files_failed).toBe(status.files_total);
    // Every file (with the archive's entry) parsed in its own worker; generous for a loaded 2-core box.
    expect(drainSeconds).toBeLessThan(240);
    // The server is still answering.
    expect((await app.api(systemApi.getVersion, {})).status).toBe(200);
  });
});
