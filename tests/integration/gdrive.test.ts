import type http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { startFakeServer, type FakeServer } from "../helpers/fake-http.ts";
import { blobFiles, createWorkspace, getBytes, postMultipart, sha256 } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as filesApi from "../../contracts/files.ts";

const TOKEN = "ya29.good-token";
const PDF = Buffer.from("%PDF-1.7\n...binary \u0000\u0001 bytes...\n");
const DOCX = Buffer.from("PK\u0003\u0004 pretend docx");
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const FILES: Record<string, { name: string; mimeType: string; size?: string }> = {
  pdf1: { name: "Board deck.pdf", mimeType: "application/pdf", size: String(PDF.length) },
  doc1: { name: "Meeting notes", mimeType: "application/vnd.google-apps.document" },
  form1: { name: "Survey", mimeType: "application/vnd.google-apps.form" },
};

/** The Drive v3 calls the importer makes, and nothing else. */
function drive(id: string, handle: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void) {
  return (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { code: 401, message: "Invalid Credentials" } }));
      return;
    }
    if (!FILES[id]) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { code: 404, message: `File not found: ${id}.` } }));
      return;
    }
    handle(req, res, url);
  };
}

let fake: FakeServer;
beforeAll(async () => {
  const routes: Record<string, ReturnType<typeof drive>> = {};
  for (const id of [...Object.keys(FILES), "missing"]) {
    routes[`GET /drive/v3/files/${id}`] = drive(id, (_req, res, url) => {
      if (url.searchParams.get("alt") === "media") {
        expect(url.searchParams.get("supportsAllDrives")).toBe("true");
        expect(FILES[id]!.mimeType.startsWith("application/vnd.google-apps.")).toBe(false);
        res.writeHead(200, { "content-type": FILES[id]!.mimeType }).end(PDF);
        return;
      }
      expect(url.searchParams.get("fields")).toBe("id,name,mimeType,size");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id, ...FILES[id] }));
    });
    routes[`GET /drive/v3/files/${id}/export`] = drive(id, (_req, res, url) => {
      expect(url.searchParams.get("mimeType")).toBe(DOCX_MIME);
      res.writeHead(200, { "content-type": DOCX_MIME }).end(DOCX);
    });
  }
  fake = await startFakeServer(routes);
});
afterAll(() => fake?.close());
afterEach(() => {
  expect(fake.unexpected, "Drive calls the fake did not expect").toEqual([]);
});

let app: TestApp;
let user: CreatedUser;
let wsId: string;
beforeAll(async () => {
  app = await createTestApp({ GOOGLE_DRIVE_API_URL: fake.url });
  user = await createUser(app);
  wsId = (await createWorkspace(app, user.token)).id;
});
afterAll(() => app?.close());

const importDrive = (fields: Record<string, string>, token = user.token) =>
  postMultipart(app, `/workspaces/${wsId}/files/upload_from_gdrive`, { token, fields });

async function downloaded(fileId: string) {
  const dl = await app.api(filesApi.generateDownloadUrl, {
    params: { id: wsId, fid: fileId },
    body: undefined,
    token: user.token,
  });
  return (await getBytes(app, dl.body.download_url)).bytes;
}

describe("upload_from_gdrive", () => {
  it("imports a binary file as is", async () => {
    const res = await importDrive({ file_id: "pdf1", access_token: TOKEN });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      filename: "Board deck.pdf",
      content_type: "application/pdf",
      byte_size: PDF.length,
      checksum: sha256(PDF),
      status: "uploaded",
    });
    expect((await downloaded(res.body.id)).equals(PDF)).toBe(true);
    expect(fake.requests.slice(-2)).toEqual([
      "GET /drive/v3/files/pdf1?fields=id,name,mimeType,size&supportsAllDrives=true",
      "GET /drive/v3/files/pdf1?alt=media&supportsAllDrives=true",
    ]);
  });

  it("exports a Google Doc to .docx", async () => {
    const res = await importDrive({ file_id: "doc1", access_token: TOKEN });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      filename: "Meeting notes.docx",
      content_type: DOCX_MIME,
      byte_size: DOCX.length,
      checksum: sha256(DOCX),
    });
    expect((await downloaded(res.body.id)).equals(DOCX)).toBe(true);
  });

  it("a rejected token is a clear 422, nothing stored", async () => {
    const before = await blobFiles(app);
    const res = await importDrive({ file_id: "pdf1", access_token: "expired" });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("Google Drive rejected the access token (401). Sign in to Google again.");
    expect(await blobFiles(app)).toEqual(before);
  });

  it("an unknown file is a clear 422", async () => {
    const res = await importDrive({ file_id: "missing", access_token: TOKEN });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("File not found in Google Drive (404), or it is not shared with you.");
  });

  it("a Google item that cannot be exported is refused by kind", async () => {
    const res = await importDrive({ file_id: "form1", access_token: TOKEN });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      "This kind of Google Drive item (application/vnd.google-apps.form) can't be imported.",
    );
  });

  it("form rules and permissions", async () => {
    const missing = await importDrive({ file_id: "pdf1" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.access_token).toBe("access_token is required");
    // A token with characters no HTTP header can carry, or an id that is a URL, never reaches Drive: 400, not 502.
    const before400 = fake.requests.length;
    const badToken = await importDrive({ file_id: "pdf1", access_token: "tok\u{8cba5}en" });
    expect(badToken.status).toBe(400);
    expect(badToken.body.error.fields.access_token).toBe("access_token is not an OAuth access token");
    const badId = await importDrive({ file_id: "http://127.0.0.1:1/x.txt", access_token: TOKEN });
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields.file_id).toMatch(/^file_id is not a Google Drive file id/);
    expect(fake.requests.length).toBe(before400);
    const json = await app.request("POST", `/workspaces/${wsId}/files/upload_from_gdrive`, {
      token: user.token,
      body: { file_id: "pdf1", access_token: TOKEN },
    });
    expect(json.status).toBe(415);
    const other = await createUser(app);
    const before = fake.requests.length;
    expect((await importDrive({ file_id: "pdf1", access_token: TOKEN }, other.token)).status).toBe(404);
    expect(fake.requests.length, "no Drive call before the permission check").toBe(before);
  });
});
