import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { getPageText } from "../../contracts/files.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/** The viewer's reads: a page's indexed text and a version's bytes, under the workspace's read policy. */
let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
let ws: { id: string };
let pub: { id: string };
const noOcr = { limits: { ocrPdfPages: false } };

const PDF = Buffer.from(
  makePdf([
    [{ text: "Annual report cover", x: 72, y: 700 }],
    [{ text: "Revenue grew because of the lighthouse subscription plan", x: 72, y: 700 }],
  ]),
);

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
  ws = await createWorkspace(app, alice.token);
  pub = await createWorkspace(app, alice.token, { is_public: true });
});
afterAll(() => app?.close());

const pagePath = (w: string, f: { id: string; version_id: string | null }, page: number | string) =>
  `/workspaces/${w}/files/${f.id}/versions/${f.version_id}/pages/${page}`;
const getPage = (w: string, f: { id: string; version_id: string | null }, page: number, token?: string) =>
  app.api(getPageText, { params: { id: w, fid: f.id, vid: String(f.version_id), page }, token });
const contentPath = (w: string, f: { id: string; version_id: string | null }) =>
  `/workspaces/${w}/files/${f.id}/versions/${f.version_id}/content`;
async function getBytes(p: string, token?: string) {
  const res = await fetch(app.url + p, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

describe("page text", () => {
  let pdf: { id: string; version_id: string | null };

  it("is 409 files/not-indexed before the version is indexed, then the page's text with the page count", async () => {
    pdf = await uploadFile(app, alice.token, ws.id, {
      filename: "report.pdf",
      bytes: PDF,
      contentType: "application/pdf",
    });
    const early = await getPage(ws.id, pdf, 1, alice.token);
    expect(early.status).toBe(409);
    expect(early.error).toMatchObject({ code: "files/not-indexed", message: expect.stringContaining("report.pdf") });

    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    const res = await getPage(ws.id, pdf, 2, alice.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      file_id: pdf.id,
      version_id: pdf.version_id,
      filename: "report.pdf",
      content_type: "application/pdf",
      page: 2,
      page_count: 2,
      text: expect.stringContaining("lighthouse subscription plan"),
      sheet: null,
    });
  });

  it("the text is the one citation offsets point into: a search passage's start/end cut its text out of it", async () => {
    const hit = await app.deps.db.kysely
      .selectFrom("passages")
      .select(["start", "end", "text"])
      .where("version_id", "=", pdf.version_id!)
      .where("page", "=", 2)
      .executeTakeFirstOrThrow();
    const { body } = await getPage(ws.id, pdf, 2, alice.token);
    expect(body.text.slice(hit.start, hit.end)).toBe(hit.text);
  });

  it("answers clear 4xx errors for a page past the end, a bad page number and a version of another file", async () => {
    const past = await getPage(ws.id, pdf, 3, alice.token);
    expect(past.status).toBe(404);
    expect(past.error?.message).toBe('Page 3 not found: "report.pdf" has 2 pages.');
    for (const bad of ["0", "x", "1.5"]) {
      const res = await app.request("GET", pagePath(ws.id, pdf, bad), { token: alice.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    const other = await uploadFile(app, alice.token, ws.id, { filename: "other.txt" });
    const mixed = await app.api(getPageText, {
      params: { id: ws.id, fid: other.id, vid: String(pdf.version_id), page: 1 },
      token: alice.token,
    });
    expect(mixed.status).toBe(404);
  });

  it("a private workspace's pages are 404 to everyone but the owner; a public one's readable by all but its failed files", async () => {
    for (const token of [bob.token, undefined]) expect((await getPage(ws.id, pdf, 1, token)).status).toBe(404);
    // The same file id under another workspace is not found either.
    expect((await getPage(pub.id, pdf, 1, alice.token)).status).toBe(404);

    const shared = await uploadFile(app, alice.token, pub.id, {
      filename: "notes.txt",
      bytes: Buffer.from("Tulips shipped from Rotterdam.\n"),
      contentType: "text/plain",
    });
    await drainQueue(app.deps, noOcr);
    for (const token of [bob.token, undefined]) {
      const res = await getPage(pub.id, shared, 1, token);
      expect(res.status).toBe(200);
      expect(res.body.text).toContain("Tulips shipped from Rotterdam.");
    }
    await app.deps.db.kysely
      .updateTable("files")
      .set({ status: "failed", error: "Broken." })
      .where("id", "=", shared.id)
      .execute();
    expect((await getPage(pub.id, shared, 1, bob.token)).status).toBe(404);
    expect((await getPage(pub.id, shared, 1, alice.token)).status).toBe(200);
  });
});

describe("version content", () => {
  it("streams the version's exact bytes as an attachment that a browser will not render", async () => {
    const pdf = await uploadFile(app, alice.token, ws.id, {
      filename: 'r\u00e9sum\u00e9 "1".pdf',
      bytes: PDF,
      contentType: "application/pdf",
    });
    const res = await getBytes(contentPath(ws.id, pdf), alice.token);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.bytes, PDF)).toBe(0);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(PDF.length));
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="r_sum_ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('r\u00e9sum\u00e9 "1".pdf')}`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("is 404 for other users of a private workspace and for an unknown version", async () => {
    const f = await uploadFile(app, alice.token, ws.id);
    expect((await getBytes(contentPath(ws.id, f), bob.token)).status).toBe(404);
    expect((await getBytes(contentPath(ws.id, { id: f.id, version_id: "nope" }), alice.token)).status).toBe(404);
  });
});
