import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { blobFiles, createWorkspace, fileRowsOf, getBytes, postMultipart, sha256 } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as libraryApi from "../../contracts/library.ts";
import * as filesApi from "../../contracts/files.ts";

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
});
afterAll(() => app?.close());

const upload = (p: string, name: string, bytes: Buffer, token = alice.token) =>
  postMultipart(app, p, { token, file: { name, bytes, type: "text/plain" } });

describe("account files", () => {
  it("upload, list (newest first, paged), get with a working download URL", async () => {
    const carol = await createUser(app);
    const ids: string[] = [];
    for (const n of ["one.txt", "two.txt", "three.txt"]) {
      const res = await upload("/users/me/files/upload", n, Buffer.from(`content of ${n}`), carol.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        filename: n,
        content_type: "text/plain",
        byte_size: `content of ${n}`.length,
        checksum: sha256(`content of ${n}`),
        status: "uploaded",
      });
      ids.push(res.body.id);
    }
    await app.deps.db.kysely
      .updateTable("files")
      .set({ created_at: "2024-01-01T00:00:00.000Z" })
      .where("id", "=", ids[0]!)
      .execute();
    const p1 = await app.api(libraryApi.listAccountFiles, { query: { limit: 2 }, token: carol.token });
    expect(p1.status).toBe(200);
    expect(p1.body.files).toHaveLength(2);
    const p2 = await app.api(libraryApi.listAccountFiles, {
      query: { limit: 2, cursor: p1.body.next_cursor! },
      token: carol.token,
    });
    expect(p2.body.files.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
    expect(p2.body.next_cursor).toBeNull();
    // Other people's files are not listed, nor reachable.
    expect(
      (await app.api(libraryApi.listAccountFiles, { query: {}, token: bob.token })).body.files.map(
        (f: { id: string }) => f.id,
      ),
    ).not.toContain(ids[0]);
    expect((await app.api(libraryApi.getAccountFile, { params: { fid: ids[0] }, token: bob.token })).status).toBe(404);

    const got = await app.api(libraryApi.getAccountFile, { params: { fid: ids[1] }, token: carol.token });
    expect(got.status).toBe(200);
    expect(got.body.download_url).toEqual(expect.any(String));
    expect((await getBytes(app, got.body.download_url)).bytes.toString()).toBe("content of two.txt");
  });

  it("an upload without a file part is a 400; a JSON body is 415", async () => {
    const res = await postMultipart(app, "/users/me/files/upload", { token: alice.token, fields: { note: "no file" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.file).toBe("file is required");
    expect(
      (await app.request("POST", "/users/me/files/upload", { token: alice.token, body: { file: "x" } })).status,
    ).toBe(415);
    expect(
      (await postMultipart(app, "/users/me/files/upload", { file: { name: "a.txt", bytes: Buffer.from("a") } })).status,
    ).toBe(401);
  });

  it("delete removes the rows and the bytes; only the owner may", async () => {
    const res = await upload("/users/me/files/upload", "gone.txt", Buffer.from("bye"));
    const before = await blobFiles(app);
    expect(
      (await app.api(libraryApi.deleteAccountFile, { params: { fid: res.body.id }, token: bob.token })).status,
    ).toBe(404);
    const del = await app.api(libraryApi.deleteAccountFile, { params: { fid: res.body.id }, token: alice.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    expect(await fileRowsOf(app, res.body.id)).toEqual({ files: [], versions: [] });
    expect((await blobFiles(app)).length).toBe(before.length - 1);
    expect(
      (await app.api(libraryApi.getAccountFile, { params: { fid: res.body.id }, token: alice.token })).status,
    ).toBe(404);
  });

  it("transfer_to_workspace copies the bytes into a workspace the caller owns", async () => {
    const bytes = Buffer.from("quarterly,data\n");
    const acc = await upload("/users/me/files/upload", "q.csv", bytes);
    const ws = await createWorkspace(app, alice.token);
    const res = await app.api(libraryApi.transferAccountFile, {
      params: { fid: acc.body.id, workspaceId: ws.id },
      token: alice.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      filename: "q.csv",
      byte_size: bytes.length,
      checksum: sha256(bytes),
      status: "uploaded",
    });
    expect(res.body.id).not.toBe(acc.body.id);
    // Deleting the account file keeps the workspace copy.
    await app.api(libraryApi.deleteAccountFile, { params: { fid: acc.body.id }, token: alice.token });
    const dl = await app.api(filesApi.generateDownloadUrl, {
      params: { id: ws.id, fid: res.body.id },
      body: undefined,
      token: alice.token,
    });
    expect((await getBytes(app, dl.body.download_url)).bytes.equals(bytes)).toBe(true);

    const acc2 = await upload("/users/me/files/upload", "r.csv", bytes);
    const bobsPublic = await createWorkspace(app, bob.token, { is_public: true });
    const bobsPrivate = await createWorkspace(app, bob.token);
    expect(
      (
        await app.api(libraryApi.transferAccountFile, {
          params: { fid: acc2.body.id, workspaceId: bobsPublic.id },
          token: alice.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.api(libraryApi.transferAccountFile, {
          params: { fid: acc2.body.id, workspaceId: bobsPrivate.id },
          token: alice.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await app.api(libraryApi.transferAccountFile, {
          params: { fid: acc2.body.id, workspaceId: bobsPublic.id },
          token: bob.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe("public files", () => {
  it("anyone reads a public file without signing in; only the uploader deletes it", async () => {
    const bytes = Buffer.from("public handout");
    const res = await upload("/public/files/upload", "handout.txt", bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      filename: "handout.txt",
      byte_size: bytes.length,
      content_type: "text/plain",
      checksum: sha256(bytes),
      download_url: expect.any(String),
      created_at: expect.any(String),
    });
    const anon = await app.api(libraryApi.getPublicFile, { params: { fid: res.body.id } });
    expect(anon.status).toBe(200);
    expect((await getBytes(app, anon.body.download_url)).bytes.equals(bytes)).toBe(true);
    // Public files are not account files, and account files are not public.
    expect(
      (await app.api(libraryApi.getAccountFile, { params: { fid: res.body.id }, token: alice.token })).status,
    ).toBe(404);
    const acc = await upload("/users/me/files/upload", "private.txt", Buffer.from("secret"));
    expect((await app.api(libraryApi.getPublicFile, { params: { fid: acc.body.id } })).status).toBe(404);

    expect((await app.api(libraryApi.deletePublicFile, { params: { fid: res.body.id } })).status).toBe(401);
    expect(
      (await app.api(libraryApi.deletePublicFile, { params: { fid: res.body.id }, token: bob.token })).status,
    ).toBe(404);
    expect(
      (await app.api(libraryApi.deletePublicFile, { params: { fid: res.body.id }, token: alice.token })).status,
    ).toBe(200);
    expect((await app.api(libraryApi.getPublicFile, { params: { fid: res.body.id } })).status).toBe(404);
    expect(await fileRowsOf(app, res.body.id)).toEqual({ files: [], versions: [] });
  });
});

describe("storage", () => {
  it("reports the bytes of finished files and the quota", async () => {
    const dan = await createUser(app);
    expect((await app.api(libraryApi.getStorage, { token: dan.token })).body).toEqual({
      used_storage: 0,
      storage_quota: app.config.STORAGE_QUOTA_BYTES,
    });
    await upload("/users/me/files/upload", "a.txt", Buffer.alloc(1234, 1), dan.token);
    await upload("/public/files/upload", "b.txt", Buffer.alloc(100, 1), dan.token);
    expect((await app.api(libraryApi.getStorage, { token: dan.token })).body.used_storage).toBe(1334);
    expect((await app.api(libraryApi.getStorage, {})).status).toBe(401);
  });
});

describe("prompts", () => {
  it("create, get, update, delete; private to their author", async () => {
    const res = await app.api(libraryApi.createPrompt, {
      token: alice.token,
      body: { title: " Summary ", content: "Summarise {doc}" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: "Summary",
      content: "Summarise {doc}",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = res.body.id;
    expect((await app.api(libraryApi.getPrompt, { params: { pid: id }, token: alice.token })).body).toEqual(res.body);
    expect((await app.api(libraryApi.getPrompt, { params: { pid: id }, token: bob.token })).status).toBe(404);
    expect(
      (await app.api(libraryApi.updatePrompt, { params: { pid: id }, token: bob.token, body: { title: "x" } })).status,
    ).toBe(404);
    const upd = await app.api(libraryApi.updatePrompt, {
      params: { pid: id },
      token: alice.token,
      body: { title: "Short summary" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ title: "Short summary", content: "Summarise {doc}" });
    const bad = await app.api(libraryApi.updatePrompt, {
      params: { pid: id },
      token: alice.token,
      body: { content: "  " },
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.content).toBe("Prompt text is required");
    expect((await app.api(libraryApi.deletePrompt, { params: { pid: id }, token: bob.token })).status).toBe(404);
    expect((await app.api(libraryApi.deletePrompt, { params: { pid: id }, token: alice.token })).body).toEqual({
      ok: true,
    });
    expect((await app.api(libraryApi.getPrompt, { params: { pid: id }, token: alice.token })).status).toBe(404);
  });

  it("lists most recently updated first, page by page", async () => {
    const erin = await createUser(app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await app.api(libraryApi.createPrompt, { token: erin.token, body: { title: `P${i}`, content: "c" } })).body.id,
      );
    for (let i = 0; i < 3; i++) {
      await app.deps.db.kysely
        .updateTable("prompts")
        .set({ updated_at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString() })
        .where("id", "=", ids[i]!)
        .execute();
    }
    const p1 = await app.api(libraryApi.listPrompts, { query: { limit: 2 }, token: erin.token });
    const p2 = await app.api(libraryApi.listPrompts, {
      query: { limit: 2, cursor: p1.body.next_cursor! },
      token: erin.token,
    });
    expect([...p1.body.prompts, ...p2.body.prompts].map((p: { title: string }) => p.title)).toEqual(["P2", "P1", "P0"]);
    expect(p2.body.next_cursor).toBeNull();
  });
});

describe("attributes", () => {
  it("create (409 if it exists), update (404 if missing), delete, with any JSON value", async () => {
    const t = { token: alice.token };
    expect((await app.api(libraryApi.getAttributes, t)).body).toEqual({ attributes: {} });
    const created = await app.api(libraryApi.createAttribute, {
      ...t,
      body: { key: "ui.theme", value: { dark: true, size: [1, 2] } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ attributes: { "ui.theme": { dark: true, size: [1, 2] } } });
    const dup = await app.api(libraryApi.createAttribute, { ...t, body: { key: "ui.theme", value: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toBe('Attribute "ui.theme" already exists. Use PATCH to change it.');
    const missing = await app.api(libraryApi.updateAttribute, { ...t, body: { key: "nope", value: 1 } });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Attribute "nope" not found.');
    const upd = await app.api(libraryApi.updateAttribute, { ...t, body: { key: "ui.theme", value: "light" } });
    expect(upd.body).toEqual({ attributes: { "ui.theme": "light" } });
    await app.api(libraryApi.createAttribute, { ...t, body: { key: "count", value: 0 } });
    // Another user's attributes are separate.
    expect((await app.api(libraryApi.getAttributes, { token: bob.token })).body).toEqual({ attributes: {} });
    expect(
      (await app.api(libraryApi.updateAttribute, { token: bob.token, body: { key: "count", value: 1 } })).status,
    ).toBe(404);
    const del = await app.api(libraryApi.deleteAttribute, { query: { key: "ui.theme" }, ...t });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ attributes: { count: 0 } });
    expect((await app.api(libraryApi.deleteAttribute, { query: { key: "ui.theme" }, ...t })).status).toBe(404);
  });

  it("validates the key and the value size", async () => {
    const badKey = await app.api(libraryApi.createAttribute, {
      token: alice.token,
      body: { key: "has space", value: 1 },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.error?.fields?.key).toBe("key may use letters, digits and _ . : -");
    const big = await app.api(libraryApi.createAttribute, {
      token: alice.token,
      body: { key: "big", value: "x".repeat(10_001) },
    });
    expect(big.status).toBe(400);
    expect(big.error?.fields?.value).toBe("value must be at most 10000 characters of JSON");
    expect((await app.request("DELETE", "/attributes", { token: alice.token })).status).toBe(400);
    expect((await app.api(libraryApi.getAttributes, {})).status).toBe(401);
  });

  it("refuses a value nested deeper than 32 levels with 400, however deep (found by the API fuzz test: a 500)", async () => {
    const nested = (depth: number) => "[".repeat(depth) + "1" + "]".repeat(depth);
    for (const depth of [33, 10_000, 100_000]) {
      const res = await app.request("POST", "/attributes", {
        token: alice.token,
        rawBody: `{"key":"deep","value":${nested(depth)}}`,
      });
      expect(res.status, `depth ${depth}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
      expect(res.body.error.fields.value).toBe("value may nest at most 32 levels deep");
    }
    const ok = await app.api(libraryApi.createAttribute, {
      token: alice.token,
      body: { key: "deep", value: JSON.parse(nested(32)) },
    });
    expect(ok.status).toBe(201);
  });
});
