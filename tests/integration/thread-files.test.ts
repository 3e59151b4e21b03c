import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../backend/workbooks/write-workbook.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { blobFiles, createWorkspace, getBytes, postMultipart, sha256, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as threadsApi from "../../contracts/threads.ts";
import * as threadFilesApi from "../../contracts/thread-files.ts";
import * as filesApi from "../../contracts/files.ts";
import * as searchApi from "../../contracts/search.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";

/** Thread files over the API: edit_file, list, version, addon, rename, transfer, diff; spec section 5's messages. */
let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
let ws: { id: string };
let tid: string;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const V1_SPEC = {
  sheets: [
    {
      name: "Model",
      rows: [
        ["Item", "Value"],
        ["Revenue", 100],
        ["Cost", 60],
        ["Profit", "=B2-B3"],
      ],
    },
  ],
};
const V2_EDIT = {
  sheets: [
    {
      name: "Model",
      cells: [
        { ref: "B2", value: 120 },
        { ref: "B4", formula: "B2-B3*0.5" },
      ],
    },
    { name: "Notes", rows: [["hello"]] },
  ],
};

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
  ws = await createWorkspace(app, alice.token);
  tid = await newThread(ws.id);
});
afterAll(() => app?.close());

async function newThread(workspaceId: string, token = alice.token): Promise<string> {
  const res = await app.api(threadsApi.createThread, { params: { id: workspaceId }, token, body: {} });
  expect(res.status).toBe(201);
  return res.body.id;
}
const base = (w = ws.id, t = tid) => `/workspaces/${w}/threads/${t}`;
function edit(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type?: string } | undefined,
  o: { w?: string; t?: string; token?: string } = {},
) {
  return postMultipart(app, `${base(o.w, o.t)}/edit_file`, { token: o.token ?? alice.token, fields, file });
}
async function workbookV1() {
  return Buffer.from((await writeWorkbook(V1_SPEC)).bytes);
}

describe("edit_file, list, version, addon", () => {
  let v1: { version_id: string; file_id: string };
  let v2: { version_id: string; file_id: string };

  it("saves an edited file as a new thread file named workbook.xlsx by default, then as its next version", async () => {
    const first = await edit({}, { name: "upload.bin", bytes: await workbookV1(), type: XLSX });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      filename: "workbook.xlsx",
      thread_id: tid,
      number: 1,
      is_latest: true,
      message_id: null,
      content_type: XLSX,
    });
    v1 = first.body;

    const edited = Buffer.from((await writeWorkbook(V2_EDIT, { base: new Uint8Array(await workbookV1()) })).bytes);
    const second = await edit({ version_id: v1.version_id }, { name: "whatever.xlsx", bytes: edited, type: XLSX });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ file_id: v1.file_id, filename: "workbook.xlsx", number: 2, is_latest: true });
    v2 = second.body;
  });

  it("racing saves of the same file get distinct version numbers", async () => {
    const t = await newThread(ws.id);
    const first = (await edit({ filename: "race.txt" }, { name: "r", bytes: Buffer.from("0") }, { t })).body;
    const saves = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        edit({ version_id: first.version_id }, { name: "r", bytes: Buffer.from(String(n)) }, { t }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(saves.map((r) => r.body.number).sort()).toEqual([2, 3, 4, 5]);
    const list = await app.api(threadFilesApi.listThreadFiles, { params: { id: ws.id, tid: t }, token: alice.token });
    expect(list.body.files[0].versions.map((v: { number: number }) => v.number)).toEqual([5, 4, 3, 2, 1]);
    expect(list.body.files[0].versions.filter((v: { is_latest: boolean }) => v.is_latest)).toHaveLength(1);
  });

  it("lists the thread's files with their versions newest first, is_latest on the current one", async () => {
    const res = await app.api(threadFilesApi.listThreadFiles, { params: { id: ws.id, tid }, token: alice.token });
    expect(res.status).toBe(200);
    const file = res.body.files.find((f: { file_id: string }) => f.file_id === v1.file_id);
    expect(file).toMatchObject({
      filename: "workbook.xlsx",
      thread_id: tid,
      workspace_id: ws.id,
      latest_version_id: v2.version_id,
      original_file_id: null,
    });
    expect(
      file!.versions.map((v: { version_id: string; number: number; is_latest: boolean }) => [
        v.version_id,
        v.number,
        v.is_latest,
      ]),
    ).toEqual([
      [v2.version_id, 2, true],
      [v1.version_id, 1, false],
    ]);
  });

  it("answers one version with a download URL; is_latest=true answers the file's latest from any of its versions", async () => {
    const res = await app.api(threadFilesApi.getThreadFileVersion, {
      params: { id: ws.id, tid, version_id: v1.version_id },
      query: {},
      token: alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version_id: v1.version_id,
      file_id: v1.file_id,
      number: 1,
      is_latest: false,
      filename: "workbook.xlsx",
    });
    const download = await getBytes(app, res.body.download_url);
    expect(download.status).toBe(200);
    expect(sha256(download.bytes)).toBe(res.body.checksum);
    const latest = await app.api(threadFilesApi.getThreadFileVersion, {
      params: { id: ws.id, tid, version_id: v1.version_id },
      query: { is_latest: "true" },
      token: alice.token,
    });
    expect(latest.body).toMatchObject({ version_id: v2.version_id, number: 2, is_latest: true });
  });

  it("addon: a workbook's sheets with values and formulas", async () => {
    const res = await app.api(threadFilesApi.getThreadFileAddon, {
      params: { id: ws.id, tid, version_id: v2.version_id },
      query: {},
      token: alice.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kind: "workbook", version_id: v2.version_id, is_latest: true, truncated: false });
    const workbook = res.body as Extract<typeof res.body, { kind: "workbook" }>;
    expect(workbook.sheets.map((s: { name: string }) => s.name)).toEqual(["Model", "Notes"]);
    const cells = Object.fromEntries(
      workbook.sheets[0]!.cells.map((c: { ref: string; value: unknown; formula: string | null }) => [
        c.ref,
        [c.value, c.formula],
      ]),
    );
    expect(cells).toMatchObject({ B2: [120, null], B4: [90, "B2-B3*0.5"] });
    const old = await app.api(threadFilesApi.getThreadFileAddon, {
      params: { id: ws.id, tid, version_id: v2.version_id },
      query: { is_latest: "false" },
      token: alice.token,
    });
    expect(old.body.version_id).toBe(v2.version_id);
    const viaOld = await app.api(threadFilesApi.getThreadFileAddon, {
      params: { id: ws.id, tid, version_id: v1.version_id },
      query: { is_latest: "1" },
      token: alice.token,
    });
    expect(viaOld.body.version_id).toBe(v2.version_id);
  });

  it("diff: exactly the changed cells and the added sheet", async () => {
    const res = await app.api(threadFilesApi.diffThreadFile, {
      params: { id: ws.id, tid, fid: v1.file_id },
      query: { from: v1.version_id, to: v2.version_id },
      token: alice.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      kind: "workbook",
      file_id: v1.file_id,
      from: v1.version_id,
      to: v2.version_id,
      sheets_added: ["Notes"],
      sheets_removed: [],
      changes: [
        {
          sheet: "Model",
          cell: "B2",
          before_cell: null,
          before: { value: 100, formula: null },
          after: { value: 120, formula: null },
          kind: "value",
        },
        {
          sheet: "Model",
          cell: "B4",
          before_cell: null,
          before: { value: 40, formula: "B2-B3" },
          after: { value: 90, formula: "B2-B3*0.5" },
          kind: "formula",
        },
      ],
      rows: [],
      truncated: false,
    });
  });

  it("diff: a text document's lines; versions of another file are refused; unknown versions are 404", async () => {
    const a = await edit(
      { filename: "notes.md" },
      { name: "notes.md", bytes: Buffer.from("alpha\nbeta\ngamma\n"), type: "text/markdown" },
    );
    expect(a.body).toMatchObject({ filename: "notes.md", number: 1 });
    const b = await edit(
      { version_id: a.body.version_id },
      { name: "x", bytes: Buffer.from("alpha\nBETA\ngamma\ndelta\n") },
    );
    expect(b.body).toMatchObject({ file_id: a.body.file_id, filename: "notes.md", number: 2 });
    const res = await app.api(threadFilesApi.diffThreadFile, {
      params: { id: ws.id, tid, fid: a.body.file_id },
      query: { from: a.body.version_id, to: b.body.version_id },
      token: alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "text", identical: false, added: 2, removed: 1 });
    expect((res.body as Extract<typeof res.body, { kind: "text" }>).hunks[0]!.lines).toEqual([
      { type: "unchanged", old_line: 1, new_line: 1, text: "alpha" },
      { type: "removed", old_line: 2, new_line: null, text: "beta" },
      { type: "added", old_line: null, new_line: 2, text: "BETA" },
      { type: "unchanged", old_line: 3, new_line: 3, text: "gamma" },
      { type: "added", old_line: null, new_line: 4, text: "delta" },
    ]);
    const addon = await app.api(threadFilesApi.getThreadFileAddon, {
      params: { id: ws.id, tid, version_id: b.body.version_id },
      query: {},
      token: alice.token,
    });
    expect(addon.body).toMatchObject({
      kind: "text",
      text: "alpha\nBETA\ngamma\ndelta\n",
      truncated: false,
      filename: "notes.md",
    });

    const mixed = await app.api(threadFilesApi.diffThreadFile, {
      params: { id: ws.id, tid, fid: a.body.file_id },
      query: { from: a.body.version_id, to: v2.version_id },
      token: alice.token,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.error?.code).toBe("thread-files/different-files");
    const unknown = await app.api(threadFilesApi.diffThreadFile, {
      params: { id: ws.id, tid, fid: a.body.file_id },
      query: { from: a.body.version_id, to: "nope" },
      token: alice.token,
    });
    expect(unknown.status).toBe(404);
  });

  it("edits of a workspace file become a new thread file that remembers it", async () => {
    const original = await uploadFile(app, alice.token, ws.id, {
      filename: "model.xlsx",
      bytes: await workbookV1(),
      contentType: XLSX,
    });
    const res = await edit({ file_id: original.id }, { name: "model.xlsx", bytes: await workbookV1(), type: XLSX });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ filename: "workbook.xlsx", number: 1 });
    const list = await app.api(threadFilesApi.listThreadFiles, { params: { id: ws.id, tid }, token: alice.token });
    expect(list.body.files.find((f: { file_id: string }) => f.file_id === res.body.file_id)!.original_file_id).toBe(
      original.id,
    );
    const missing = await edit({ file_id: "no-such-file" }, { name: "a.xlsx", bytes: await workbookV1() });
    expect(missing.status).toBe(404);
  });

  it("thread files are not workspace files: not listed there, not indexed", async () => {
    const res = await app.api(filesApi.listFiles, { params: { id: ws.id }, query: {}, token: alice.token });
    expect(res.body.files.map((f: { id: string }) => f.id)).not.toContain(v1.file_id);
    const jobs = await app.deps.db.kysely
      .selectFrom("jobs")
      .select("file_id")
      .where("file_id", "=", v1.file_id)
      .execute();
    expect(jobs).toEqual([]);
  });
});

describe("section 5's messages", () => {
  let vid: string;
  beforeAll(async () => {
    vid = (await edit({ filename: "a.txt" }, { name: "a.txt", bytes: Buffer.from("text") })).body.version_id;
  });

  it.each([
    ["GET", "/files/%20", "Missing file version id for thread file request"],
    ["GET", "/files/", "Missing file version id for thread file request"],
    ["GET", "/files/%20/addon", "Missing file version id (vid) for thread file addon request"],
    ["GET", "/files//addon", "Missing file version id (vid) for thread file addon request"],
    ["POST", "/files/%20/transfer_to_workspace", "Missing file version id (vid) for transfer to workspace"],
    ["POST", "/files//transfer_to_workspace", "Missing file version id (vid) for transfer to workspace"],
  ])("%s %s: 400 %s", async (method, path, message) => {
    const res = await app.request(method, `${base()}${path}`, {
      token: alice.token,
      body: method === "POST" ? { filename: "x.txt" } : undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "thread-files/missing-version-id", message });
  });

  it.each([
    ["neither", {}],
    ["both", { file_id: "f", filename: "x.txt" }],
  ])("transfer with %s of file_id and filename: 400 'Must provide one of fileId or filename'", async (_what, body) => {
    const res = await app.api(threadFilesApi.transferThreadFile, {
      params: { id: ws.id, tid, version_id: vid },
      token: alice.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: "thread-files/transfer-target",
      message: "Must provide one of fileId or filename",
    });
  });

  it("edit_file with both version_id (fileVersion) and file_id (originalFileId): 400, nothing stored", async () => {
    const before = await blobFiles(app);
    const res = await edit({ version_id: vid, file_id: "f" }, { name: "a.txt", bytes: Buffer.from("x") });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "thread-files/version-and-original",
      message: "fileVersion and originalFileId cannot be provided together",
    });
    expect(await blobFiles(app)).toEqual(before);
  });

  it("edit_file without a file, or with JSON: 400 / 415", async () => {
    expect((await edit({ filename: "a.txt" }, undefined)).status).toBe(400);
    const json = await app.request("POST", `${base()}/edit_file`, { token: alice.token, body: { filename: "a.txt" } });
    expect(json.status).toBe(415);
  });
});

describe("rename and transfer", () => {
  it("renames a thread file (filename rules apply)", async () => {
    const saved = (await edit({ filename: "draft.txt" }, { name: "d", bytes: Buffer.from("draft") })).body;
    const res = await app.api(threadFilesApi.renameThreadFile, {
      params: { id: ws.id, tid, fid: saved.file_id },
      token: alice.token,
      body: { filename: "final.txt" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ file_id: saved.file_id, filename: "final.txt" });
    const bad = await app.api(threadFilesApi.renameThreadFile, {
      params: { id: ws.id, tid, fid: saved.file_id },
      token: alice.token,
      body: { filename: "a/b.txt" },
    });
    expect(bad.status).toBe(400);
    const unknown = await app.api(threadFilesApi.renameThreadFile, {
      params: { id: ws.id, tid, fid: "nope" },
      token: alice.token,
      body: { filename: "x.txt" },
    });
    expect(unknown.status).toBe(404);
  });

  it("transfer as a new workspace file: queued for indexing, then search finds its text", async () => {
    const saved = (
      await edit(
        { filename: "memo.md" },
        { name: "memo.md", bytes: Buffer.from("# Memo\n\nThe zanzibar lighthouse budget is 42 million.\n") },
      )
    ).body;
    const search = () =>
      app.api(searchApi.searchWorkspace, {
        params: { id: ws.id },
        token: alice.token,
        body: { query: "zanzibar lighthouse" },
      });
    expect((await search()).body.results).toEqual([]);
    const res = await app.api(threadFilesApi.transferThreadFile, {
      params: { id: ws.id, tid, version_id: saved.version_id },
      token: alice.token,
      body: { filename: "memo.md" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ filename: "memo.md", status: "uploaded" });
    await drainQueue(app.deps);
    const found = (await search()).body.results;
    expect(found.map((r: { file_id: string }) => r.file_id)).toEqual([res.body.id]);
  });

  it("transfer as a new version of a workspace file: its search text is the new version's", async () => {
    const target = await uploadFile(app, alice.token, ws.id, {
      filename: "plan.md",
      bytes: Buffer.from("# Plan\n\nThe old quetzal plan.\n"),
      contentType: "text/markdown",
    });
    await drainQueue(app.deps);
    const saved = (
      await edit({ filename: "plan.md" }, { name: "plan.md", bytes: Buffer.from("# Plan\n\nThe new ocelot plan.\n") })
    ).body;
    const res = await app.api(threadFilesApi.transferThreadFile, {
      params: { id: ws.id, tid, version_id: saved.version_id },
      token: alice.token,
      body: { file_id: target.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: target.id, filename: "plan.md", status: "uploaded" });
    expect(res.body.version_id).not.toBe(target.version_id);
    await drainQueue(app.deps);
    const hits = async (q: string) =>
      (
        await app.api(searchApi.searchWorkspace, { params: { id: ws.id }, token: alice.token, body: { query: q } })
      ).body.results.map((r: { file_id: string }) => r.file_id);
    expect(await hits("ocelot")).toEqual([target.id]);
    expect(await hits("quetzal")).toEqual([]);
    const meta = await app.api(filesApi.getFileMetadata, { params: { id: ws.id, fid: target.id }, token: alice.token });
    expect(meta.body.versions).toHaveLength(2);
    const unknown = await app.api(threadFilesApi.transferThreadFile, {
      params: { id: ws.id, tid, version_id: saved.version_id },
      token: alice.token,
      body: { file_id: "nope" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("quota", () => {
  it("a thread file version that would pass the quota is refused and leaves nothing behind", async () => {
    const small = await createTestApp({ STORAGE_QUOTA_BYTES: "3000", MAX_UPLOAD_BYTES: "2500" });
    try {
      const carol = await createUser(small);
      const w = await createWorkspace(small, carol.token);
      const t = (await small.request("POST", `/workspaces/${w.id}/threads`, { token: carol.token, body: {} })).body.id;
      const post = (bytes: Buffer) =>
        postMultipart(small, `/workspaces/${w.id}/threads/${t}/edit_file`, {
          token: carol.token,
          fields: { filename: "a.txt" },
          file: { name: "a.txt", bytes },
        });
      expect((await post(Buffer.alloc(2000, "a"))).status).toBe(201);
      const refused = await post(Buffer.alloc(2000, "b"));
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/Not enough storage/);
      expect(await blobFiles(small)).toHaveLength(1);
      expect((await small.request("GET", "/users/me/storage", { token: carol.token })).body.used_storage).toBe(2000);
      // Past the upload limit the multipart body is cut off while it arrives.
      const tooBig = await post(Buffer.alloc(2600, "c"));
      expect(tooBig.status).toBe(413);
      expect(await blobFiles(small)).toHaveLength(1);
    } finally {
      await small.close();
    }
  });
});

describe("permissions", () => {
  it("a private thread's files are 404 to anyone but the owner", async () => {
    const saved = (await edit({ filename: "p.txt" }, { name: "p.txt", bytes: Buffer.from("private") })).body;
    const calls: [string, string, unknown?][] = [
      ["GET", `${base()}/files`],
      ["GET", `${base()}/files/${saved.version_id}`],
      ["GET", `${base()}/files/${saved.version_id}/addon`],
      ["GET", `${base()}/files/${saved.file_id}/diff?from=${saved.version_id}&to=${saved.version_id}`],
      ["PATCH", `${base()}/files/${saved.file_id}/filename`, { filename: "x.txt" }],
      ["POST", `${base()}/files/${saved.version_id}/transfer_to_workspace`, { filename: "x.txt" }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [bob.token, undefined]) {
        const res = await app.request(method, path, { token, body });
        const expected = token || method === "GET" ? 404 : 401;
        expect(res.status, `${method} ${path} ${token ? "bob" : "anonymous"}`).toBe(expected);
      }
    }
    expect(
      (
        await edit(
          { version_id: saved.version_id },
          { name: "p.txt", bytes: Buffer.from("mine") },
          { token: bob.token },
        )
      ).status,
    ).toBe(404);
  });

  it("a public thread's files are readable by anyone and writable by the owner only (403)", async () => {
    const pub = await createWorkspace(app, alice.token, { is_public: true });
    const t = await newThread(pub.id);
    const saved = (await edit({}, { name: "w.xlsx", bytes: await workbookV1(), type: XLSX }, { w: pub.id, t })).body;
    for (const token of [bob.token, undefined]) {
      expect(
        (await app.api(threadFilesApi.listThreadFiles, { params: { id: pub.id, tid: t }, token })).body.files,
      ).toHaveLength(1);
      expect(
        (
          await app.api(threadFilesApi.getThreadFileVersion, {
            params: { id: pub.id, tid: t, version_id: saved.version_id },
            query: {},
            token,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await app.api(threadFilesApi.getThreadFileAddon, {
            params: { id: pub.id, tid: t, version_id: saved.version_id },
            query: {},
            token,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await app.api(threadFilesApi.diffThreadFile, {
            params: { id: pub.id, tid: t, fid: saved.file_id },
            query: { from: saved.version_id, to: saved.version_id },
            token,
          })
        ).status,
      ).toBe(200);
    }
    expect(
      (
        await app.api(threadFilesApi.renameThreadFile, {
          params: { id: pub.id, tid: t, fid: saved.file_id },
          token: bob.token,
          body: { filename: "x.xlsx" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.api(threadFilesApi.transferThreadFile, {
          params: { id: pub.id, tid: t, version_id: saved.version_id },
          token: bob.token,
          body: { filename: "x.xlsx" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await edit(
          { version_id: saved.version_id },
          { name: "w.xlsx", bytes: await workbookV1() },
          { w: pub.id, t, token: bob.token },
        )
      ).status,
    ).toBe(403);
  });
});

describe("deleting", () => {
  it("deleting a thread deletes its files and their bytes; deleting a workspace deletes its threads' files", async () => {
    const w = await createWorkspace(app, alice.token);
    const [t1, t2] = [await newThread(w.id), await newThread(w.id)];
    const before = await blobFiles(app);
    const a = (await edit({ filename: "a.txt" }, { name: "a.txt", bytes: Buffer.from("a") }, { w: w.id, t: t1 })).body;
    await edit({ version_id: a.version_id }, { name: "a.txt", bytes: Buffer.from("aa") }, { w: w.id, t: t1 });
    const b = (await edit({ filename: "b.txt" }, { name: "b.txt", bytes: Buffer.from("b") }, { w: w.id, t: t2 })).body;
    expect((await blobFiles(app)).length).toBe(before.length + 3);

    expect((await app.api(threadsApi.deleteThread, { params: { id: w.id, tid: t1 }, token: alice.token })).status).toBe(
      200,
    );
    expect((await blobFiles(app)).length).toBe(before.length + 1);
    const rows = await app.deps.db.kysely
      .selectFrom("files")
      .select("id")
      .where("id", "in", [a.file_id, b.file_id])
      .execute();
    expect(rows.map((r) => r.id)).toEqual([b.file_id]);

    expect((await app.api(workspacesApi.deleteWorkspace, { params: { id: w.id }, token: alice.token })).status).toBe(
      200,
    );
    expect(await blobFiles(app)).toEqual(before);
    expect(
      await app.deps.db.kysely.selectFrom("file_versions").select("id").where("file_id", "=", b.file_id).execute(),
    ).toEqual([]);
  });
});

/** exceljs reads what edit_file stored back, formulas intact. */
it("the stored workbook opens in exceljs with its formula live", async () => {
  const saved = (await edit({}, { name: "w.xlsx", bytes: await workbookV1(), type: XLSX })).body;
  const meta = await app.api(threadFilesApi.getThreadFileVersion, {
    params: { id: ws.id, tid, version_id: saved.version_id },
    query: {},
    token: alice.token,
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await getBytes(app, meta.body.download_url)).bytes as unknown as ExcelJS.Buffer);
  expect(wb.getWorksheet("Model")!.getCell("B4").value).toMatchObject({ formula: "B2-B3", result: 40 });
});
