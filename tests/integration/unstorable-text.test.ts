import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp, type TestResponse } from "../helpers/test-app.ts";
import * as threadsApi from "../../contracts/threads.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import * as libraryApi from "../../contracts/library.ts";

/**
 * Issue 12, defect 5: a NUL byte or an unpaired surrogate in any text a request carries (JSON
 * body, path id, query, form field, uploaded file name) is a 400 naming the field, on both
 * databases alike. PostgreSQL used to answer 500 (`invalid byte sequence for encoding "UTF8": 0x00`).
 */
let app: TestApp;
let alice: CreatedUser;
let ws: string;
let tid: string;
let fid: string;

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = (await createWorkspace(app, alice.token)).id;
  const thread = await app.api(threadsApi.createThread, { params: { id: ws }, token: alice.token, body: {} });
  tid = thread.body.id;
  const file = await uploadFile(app, alice.token, ws);
  fid = file.id;
});
afterAll(() => app?.close());

function expectRefused(res: TestResponse, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe("validation_failed");
  expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(res.body)).toContain(field);
  expect(res.body.error.fields[field]).toMatch(/cannot be stored/);
}

/** A path with the fixture's ids filled in for :ws, :tid and :fid. */
const at = (path: string) => path.replace(":ws", ws).replace(":tid", tid).replace(":fid", fid);

const NUL = "a\u0000b";
const LONE = "a\ud800b";

describe("JSON bodies", () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ["POST", "/workspaces", { name: NUL }, "name"],
    ["PATCH", "/workspaces/:ws", { name: LONE }, "name"],
    ["POST", "/workspaces/:ws/threads", { name: NUL }, "name"],
    ["PATCH", "/workspaces/:ws/threads/:tid", { name: "\udc00" }, "name"],
    ["PATCH", "/workspaces/:ws/files/:fid", { filename: "x\ud800.txt" }, "filename"],
    ["POST", "/workspaces/:ws/search", { query: NUL }, "query"],
    ["POST", "/workspaces/:ws/search", { query: "revenue", file_ids: [":fid", NUL] }, "file_ids.1"],
    // Raw routes (validated by hand, not by the OpenAPI validator).
    ["POST", "/find_files", { query: NUL }, "query"],
    ["POST", "/workspaces/:ws/threads/:tid/stream_qa", { query: LONE }, "query"],
  ])("%s %s: 400 naming the field", async (method, path, body, field) => {
    const filled = JSON.parse(JSON.stringify(body).replace('":fid"', JSON.stringify(fid))) as unknown;
    expectRefused(await app.request(method, at(path), { token: alice.token, body: filled }), field);
  });

  it("an unknown key holding a NUL is dropped by the schema with its value: never stored, accepted", async () => {
    const res = await app.request("POST", "/workspaces", { token: alice.token, rawBody: '{"name":"ok","x\\u0000":1}' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("paired surrogates (emoji) are text like any other, stored intact", async () => {
    const res = await app.api(workspacesApi.createWorkspace, {
      token: alice.token,
      body: { name: "Pod \u{1F4C8} Q3" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.name).toBe("Pod \u{1F4C8} Q3");
  });
});

describe("path ids and queries", () => {
  it.each<[string, string, string]>([
    ["GET", "/workspaces/%00", "id"],
    ["GET", "/workspaces/ab%00cd/threads", "id"],
    ["DELETE", "/workspaces/:ws/threads/%00", "tid"],
    ["GET", "/workspaces/:ws/files/x%00/metadata", "fid"],
    ["GET", "/users/me/files/%00", "fid"],
    // Raw routes.
    ["GET", "/workspaces/:ws/files/:fid/versions/%00/content", "vid"],
    ["GET", "/workspaces/%00/files_zip", "id"],
    ["GET", "/workspaces/:ws/threads/:tid/messages/%00/replay", "mid"],
  ])("%s %s: 400 naming the param", async (method, path, field) => {
    expectRefused(await app.request(method, at(path), { token: alice.token }), field);
  });

  it("a NUL in a query parameter: 400 naming it", async () => {
    expectRefused(await app.request("GET", `/workspaces/${ws}/threads?cursor=%00`, { token: alice.token }), "cursor");
  });
});

describe("form fields and file names", () => {
  // The file name goes in RFC 5987 form: a raw NUL in a part's header is refused as malformed.
  function multipart(parts: { name: string; filename?: string; value: string }[]) {
    const boundary = "----fuzzboundary7d1";
    const body =
      parts
        .map(
          (p) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? "" : `; filename*=UTF-8''${encodeURIComponent(p.filename)}`}\r\n` +
            `${p.filename === undefined ? "" : "Content-Type: text/plain\r\n"}\r\n${p.value}\r\n`,
        )
        .join("") + `--${boundary}--\r\n`;
    return { rawBody: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }

  it("an account upload whose file name holds a NUL: 400 naming the file", async () => {
    const res = await app.request("POST", "/users/me/files/upload", {
      token: alice.token,
      ...multipart([{ name: "file", filename: "re\u0000port.txt", value: "hello" }]),
    });
    expectRefused(res, "file");
    const list = await app.api(libraryApi.listAccountFiles, { query: {}, token: alice.token });
    expect(list.body.files).toHaveLength(0);
  });

  it("a thread file edit whose filename field or file name holds a NUL: 400", async () => {
    const path = `/workspaces/${ws}/threads/${tid}/edit_file`;
    expectRefused(
      await app.request("POST", path, {
        token: alice.token,
        ...multipart([
          { name: "filename", value: NUL },
          { name: "file", filename: "a.txt", value: "x" },
        ]),
      }),
      "filename",
    );
    expectRefused(
      await app.request("POST", path, {
        token: alice.token,
        ...multipart([{ name: "file", filename: "a\u0000.txt", value: "x" }]),
      }),
      "file",
    );
  });

  it("a URL import whose url field holds a NUL: 400 naming it", async () => {
    const res = await app.request("POST", `/workspaces/${ws}/files/download_from_url`, {
      token: alice.token,
      rawBody: "url=https%3A%2F%2Fexample.test%2F%00x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectRefused(res, "url");
  });
});
