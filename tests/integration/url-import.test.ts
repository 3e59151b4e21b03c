import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MIXED_REQUEST } from "../../backend/platform/http/raw-route.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { startFakeServer, type FakeServer } from "../helpers/fake-http.ts";
import { blobFiles, createWorkspace, getBytes, postMultipart, sha256 } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as filesApi from "../../contracts/files.ts";

const CSV = Buffer.from("a,b\n1,2\n");

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer({
    "GET /exports/123": (_req, res) =>
      res
        .writeHead(200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="Q3 report.csv"',
        })
        .end(CSV),
    "GET /data/sales%20data.csv": (_req, res) => res.writeHead(200, { "content-type": "text/csv" }).end(CSV),
    "GET /missing.csv": (_req, res) => res.writeHead(404).end("nope"),
    "GET /big.csv": (_req, res) => res.writeHead(200, { "content-length": "5000" }).end(Buffer.alloc(5000)),
    "GET /big-chunked.csv": (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      for (let i = 0; i < 5; i++) res.write(Buffer.alloc(1000, 97));
      res.end();
    },
    // Never answers: the importer's deadline must end it.
    "GET /hang": () => undefined,
    // Headers, then the body stalls.
    "GET /stall.csv": (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.write("a,b\n");
    },
    "GET /redirect": (_req, res, url) => {
      const n = Number(url.searchParams.get("n"));
      res.writeHead(302, { location: n > 0 ? `/redirect?n=${n - 1}` : "/data/sales%20data.csv" }).end();
    },
  });
});
afterAll(() => fake?.close());
afterEach(() => {
  expect(fake.unexpected, "requests the fake did not expect").toEqual([]);
});

const importUrl = (app: TestApp, token: string, wsId: string, fields: Record<string, string>) =>
  postMultipart(app, `/workspaces/${wsId}/files/download_from_url`, { token, fields });

describe("with the SSRF guard on (the default)", () => {
  let app: TestApp;
  let user: CreatedUser;
  let wsId: string;
  beforeAll(async () => {
    app = await createTestApp();
    user = await createUser(app);
    wsId = (await createWorkspace(app, user.token)).id;
  });
  afterAll(() => app?.close());

  it.each([
    ["http://127.0.0.1/", "127.0.0.1"],
    ["http://localhost/", ""],
    ["http://[::1]/", "::1"],
    ["http://[::ffff:127.0.0.1]/", ""],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["http://10.1.2.3/report.csv", "10.1.2.3"],
    ["http://192.168.0.1/", "192.168.0.1"],
    ["http://0.0.0.0/", "0.0.0.0"],
    ["http://2130706433/", "127.0.0.1"],
  ])("refuses %s: it is an internal address (422), nothing stored", async (url, address) => {
    const before = await blobFiles(app);
    const requestsBefore = fake.requests.length;
    // Aimed at the fake's port, so a guard that let it through would be caught by the request count.
    const target = new URL(url);
    target.port = String(fake.port);
    const res = await importUrl(app, user.token, wsId, { url: target.toString() });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe("unprocessable");
    expect(res.body.error.message).toMatch(
      /^Refusing to fetch .*: it points to a private or internal address \(.+\)\.$/,
    );
    if (address) expect(res.body.error.message).toContain(`(${address})`);
    expect(fake.requests.length, "the fake on 127.0.0.1 must not be reached").toBe(requestsBefore);
    expect(await blobFiles(app)).toEqual(before);
    expect(await app.deps.db.kysely.selectFrom("files").select("id").execute()).toEqual([]);
  });

  it.each([
    ["ftp://example.com/file.csv", "Only http and https URLs can be imported (got ftp:)."],
    ["file:///etc/passwd", "Only http and https URLs can be imported (got file:)."],
    ["http://user:pass@example.com/", "URLs with credentials in them can't be imported."],
  ])("refuses %s (422)", async (url, message) => {
    const res = await importUrl(app, user.token, wsId, { url });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(message);
  });

  it("refuses something that is not a URL (400 naming the field)", async () => {
    const res = await importUrl(app, user.token, wsId, { url: "not a url" });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.url).toMatch(/http/);
    const missing = await importUrl(app, user.token, wsId, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.url).toBe("url is required");
  });

  it("form rules: a JSON body is 415, query parameters are 400, both with the same message", async () => {
    const json = await app.request("POST", `/workspaces/${wsId}/files/download_from_url`, {
      token: user.token,
      body: { url: "https://example.com/a.csv" },
    });
    expect(json.status).toBe(415);
    expect(json.body.error).toEqual({ code: "unsupported_media_type", message: MIXED_REQUEST });
    expect(MIXED_REQUEST).toBe("A request cannot mix form data with JSON data or params.");
    const query = await postMultipart(
      app,
      `/workspaces/${wsId}/files/download_from_url?url=https://example.com/a.csv`,
      { token: user.token, fields: { url: "https://example.com/a.csv" } },
    );
    expect(query.status).toBe(400);
    expect(query.body.error).toEqual({ code: "validation_failed", message: MIXED_REQUEST });
  });
});

describe("against a local fake (URL_IMPORT_ALLOW_PRIVATE=true)", () => {
  let app: TestApp;
  let user: CreatedUser;
  let wsId: string;
  beforeAll(async () => {
    app = await createTestApp({
      URL_IMPORT_ALLOW_PRIVATE: "true",
      URL_IMPORT_TIMEOUT_MS: "500",
      MAX_UPLOAD_BYTES: "2000",
    });
    user = await createUser(app);
    wsId = (await createWorkspace(app, user.token)).id;
  });
  afterAll(() => app?.close());

  async function expectImported(
    res: { status: number; body: { id: string; filename: string } },
    filename: string,
    contentType: string,
  ) {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      filename,
      byte_size: CSV.length,
      checksum: sha256(CSV),
      content_type: contentType,
      status: "uploaded",
    });
    const dl = await app.api(filesApi.generateDownloadUrl, {
      params: { id: wsId, fid: res.body.id },
      body: undefined,
      token: user.token,
    });
    expect((await getBytes(app, dl.body.download_url)).bytes.equals(CSV)).toBe(true);
  }

  it("names the file from Content-Disposition", async () => {
    await expectImported(
      await importUrl(app, user.token, wsId, { url: `${fake.url}/exports/123` }),
      "Q3 report.csv",
      "text/csv",
    );
  });

  it("names the file from the URL path, or from the form", async () => {
    await expectImported(
      await importUrl(app, user.token, wsId, { url: `${fake.url}/data/sales%20data.csv` }),
      "sales data.csv",
      "text/csv",
    );
    await expectImported(
      await importUrl(app, user.token, wsId, { url: `${fake.url}/exports/123`, filename: "mine.csv" }),
      "mine.csv",
      "text/csv",
    );
  });

  it("follows up to 5 redirects, refuses the 6th", async () => {
    await expectImported(
      await importUrl(app, user.token, wsId, { url: `${fake.url}/redirect?n=4` }),
      "sales data.csv",
      "text/csv",
    );
    const before = await blobFiles(app);
    const res = await importUrl(app, user.token, wsId, { url: `${fake.url}/redirect?n=5` });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("Too many redirects (more than 5).");
    expect(await blobFiles(app)).toEqual(before);
  });

  it("says why a download failed: the remote status", async () => {
    const res = await importUrl(app, user.token, wsId, { url: `${fake.url}/missing.csv` });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("Failed to download file: 404 Not Found");
  });

  it("times out a server that never answers (422), storing nothing", async () => {
    const before = await blobFiles(app);
    const started = Date.now();
    const res = await importUrl(app, user.token, wsId, { url: `${fake.url}/hang` });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("Failed to download file: the server took too long to answer.");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await blobFiles(app)).toEqual(before);
  });

  it("times out a body that stalls (422), storing nothing", async () => {
    const before = await blobFiles(app);
    const res = await importUrl(app, user.token, wsId, { url: `${fake.url}/stall.csv` });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.message).toBe("Failed to download file: the server took too long to answer.");
    expect(await blobFiles(app)).toEqual(before);
  });

  it("caps the size: a declared or a streamed body over MAX_UPLOAD_BYTES is 413, storing nothing", async () => {
    const before = await blobFiles(app);
    const declared = await importUrl(app, user.token, wsId, { url: `${fake.url}/big.csv` });
    expect(declared.status).toBe(413);
    expect(declared.body.error.message).toBe("The file at that URL is larger than the upload limit.");
    const streamed = await importUrl(app, user.token, wsId, { url: `${fake.url}/big-chunked.csv` });
    expect(streamed.status, JSON.stringify(streamed.body)).toBe(413);
    expect(await blobFiles(app)).toEqual(before);
  });

  it("only the owner may import", async () => {
    const other = await createUser(app);
    expect((await importUrl(app, other.token, wsId, { url: `${fake.url}/exports/123` })).status).toBe(404);
    expect((await importUrl(app, "", wsId, { url: `${fake.url}/exports/123` })).status).toBe(401);
  });
});
