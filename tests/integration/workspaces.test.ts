import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { blobFiles, createWorkspace, uploadFile } from "../helpers/files.ts";
import * as c from "../../contracts/workspaces.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import type { ApiResult } from "../helpers/typed-api.ts";
import * as threadsApi from "../../contracts/threads.ts";

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
});
afterAll(() => app?.close());

describe("create, get, update", () => {
  it("creates a private workspace by default and shows it to its owner", async () => {
    const res = await app.api(c.createWorkspace, { token: alice.token, body: { name: "  Q3 numbers  " } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Q3 numbers",
      description: "",
      is_public: false,
      is_bookmarked: false,
      permission: "owner",
      is_published: false,
      snapshot_id: null,
      bookmark_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await app.api(c.getWorkspace, { params: { id: res.body.id }, token: alice.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("refuses an empty or overlong name with field errors", async () => {
    for (const name of ["", "   ", "x".repeat(201)]) {
      const res = await app.api(c.createWorkspace, { token: alice.token, body: { name } });
      expect(res.status).toBe(400);
      expect(res.error?.fields?.name).toMatch(/Name/);
    }
  });

  it("anonymous callers cannot list or create", async () => {
    expect((await app.api(c.listWorkspaces, { query: {} })).status).toBe(401);
    expect((await app.api(c.createWorkspace, { body: { name: "x" } })).status).toBe(401);
  });

  it("the owner renames, describes and publishes; a viewer then reads it as viewer", async () => {
    const ws = await createWorkspace(app, alice.token);
    const res = await app.api(c.updateWorkspace, {
      params: { id: ws.id },
      token: alice.token,
      body: { name: "Renamed", description: "About", is_public: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", description: "About", is_public: true, permission: "owner" });
    expect(res.body.updated_at >= ws.updated_at).toBe(true);
    const asBob = await app.api(c.getWorkspace, { params: { id: ws.id }, token: bob.token });
    expect(asBob.status).toBe(200);
    expect(asBob.body.permission).toBe("viewer");
    const anon = await app.api(c.getWorkspace, { params: { id: ws.id } });
    expect(anon.status).toBe(200);
    expect(anon.body.permission).toBe("viewer");
    // Making it private again hides it: 404, not 403.
    await app.api(c.updateWorkspace, { params: { id: ws.id }, token: alice.token, body: { is_public: false } });
    const hidden = await app.api(c.getWorkspace, { params: { id: ws.id }, token: bob.token });
    expect(hidden.status).toBe(404);
    expect(hidden.error).toEqual({ code: "not_found", message: "Workspace not found." });
  });

  it("a viewer cannot change a public workspace (403); an unknown id is 404", async () => {
    const ws = await createWorkspace(app, alice.token, { is_public: true });
    const res = await app.api(c.updateWorkspace, {
      params: { id: ws.id },
      token: bob.token,
      body: { name: "Mine now" },
    });
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe("Only the workspace owner can do this.");
    expect((await app.api(c.getWorkspace, { params: { id: "nope" }, token: alice.token })).status).toBe(404);
  });

  it("auto_rename names the workspace from the question", async () => {
    const ws = await createWorkspace(app, alice.token);
    const res = await app.api(c.autoRenameWorkspace, {
      params: { id: ws.id },
      token: alice.token,
      body: { user_query: "Can you compare revenue growth across our three regions? Also costs." },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Compare revenue growth across our three regions");
    const bad = await app.api(c.autoRenameWorkspace, {
      params: { id: ws.id },
      token: alice.token,
      body: { user_query: "  " },
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.user_query).toBe("user_query is required");
  });
});

describe("delete", () => {
  it("removes the workspace with its threads, files and their bytes", async () => {
    const ws = await createWorkspace(app, alice.token);
    const before = await blobFiles(app);
    const t = await app.api(threadsApi.createThread, {
      params: { id: ws.id },
      token: alice.token,
      body: { name: "T" },
    });
    const f = await uploadFile(app, alice.token, ws.id);
    expect((await blobFiles(app)).length).toBe(before.length + 1);
    const res = await app.api(c.deleteWorkspace, { params: { id: ws.id }, token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await app.api(c.getWorkspace, { params: { id: ws.id }, token: alice.token })).status).toBe(404);
    const db = app.deps.db.kysely;
    expect(await db.selectFrom("threads").select("id").where("id", "=", t.body.id).execute()).toEqual([]);
    expect(await db.selectFrom("files").select("id").where("id", "=", f.id).execute()).toEqual([]);
    expect(await db.selectFrom("file_versions").select("id").where("file_id", "=", f.id).execute()).toEqual([]);
    expect(await blobFiles(app)).toEqual(before);
  });
});

describe("list and paging", () => {
  it("pages through the caller's workspaces, newest activity first, without repeats", async () => {
    const carol = await createUser(app);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createWorkspace(app, carol.token, { name: `W${i}` }));
    // Distinct activity times (several can share a millisecond): W4 newest. W1 and W2 tie, so the id breaks it.
    const at = (s: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, s)).toISOString();
    const times = [at(1), at(2), at(2), at(4), at(5)];
    for (let i = 0; i < 5; i++)
      await app.deps.db.kysely
        .updateTable("workspaces")
        .set({ updated_at: times[i]! })
        .where("id", "=", made[i]!.id)
        .execute();
    const tied = [made[1]!, made[2]!].sort((x, y) => (x.id < y.id ? 1 : -1)).map((w) => w.name);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResult<typeof c.listWorkspaces> = await app.api(c.listWorkspaces, {
        query: { limit: 2, cursor: cursor ?? undefined },
        token: carol.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.workspaces.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.workspaces.map((w: { name: string }) => w.name));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["W4", "W3", ...tied, "W0"]);
  });

  it("refuses a forged cursor and a bad limit with 400", async () => {
    expect((await app.request("GET", "/workspaces?cursor=garbage", { token: alice.token })).status).toBe(400);
    expect((await app.request("GET", "/workspaces?limit=0", { token: alice.token })).status).toBe(400);
    expect((await app.request("GET", "/workspaces?limit=201", { token: alice.token })).status).toBe(400);
    expect((await app.request("GET", "/workspaces?filter=everything", { token: alice.token })).status).toBe(400);
  });
});

describe("bookmarks", () => {
  it("a non-owner bookmarks a public workspace; filters and counts follow", async () => {
    const dave = await createUser(app);
    const erin = await createUser(app);
    const ws = await createWorkspace(app, dave.token, { is_public: true, name: "Shared" });
    const own = await createWorkspace(app, erin.token, { name: "Own" });

    const res = await app.api(c.addWorkspaceBookmark, { params: { id: ws.id }, token: erin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_bookmarked: true, bookmark_count: 1, permission: "viewer" });
    // Idempotent.
    expect(
      (await app.api(c.addWorkspaceBookmark, { params: { id: ws.id }, token: erin.token })).body.bookmark_count,
    ).toBe(1);

    const names = async (filter: "owned" | "bookmarked" | "all") =>
      (await app.api(c.listWorkspaces, { query: { filter }, token: erin.token })).body.workspaces.map(
        (w: { name: string }) => w.name,
      );
    expect(await names("owned")).toEqual(["Own"]);
    expect(await names("bookmarked")).toEqual(["Shared"]);
    expect((await names("all")).sort()).toEqual(["Own", "Shared"]);

    // The owner sees the count but not a bookmark of their own.
    const asOwner = await app.api(c.getWorkspace, { params: { id: ws.id }, token: dave.token });
    expect(asOwner.body).toMatchObject({ is_bookmarked: false, bookmark_count: 1 });

    // Made private, it drops out of the bookmarker's lists.
    await app.api(c.updateWorkspace, { params: { id: ws.id }, token: dave.token, body: { is_public: false } });
    expect(await names("bookmarked")).toEqual([]);
    await app.api(c.updateWorkspace, { params: { id: ws.id }, token: dave.token, body: { is_public: true } });
    expect(await names("bookmarked")).toEqual(["Shared"]);

    const off = await app.api(c.removeWorkspaceBookmark, { params: { id: ws.id }, token: erin.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ is_bookmarked: false, bookmark_count: 0 });
    expect(await names("bookmarked")).toEqual([]);
    expect(own.permission).toBe("owner");
  });

  it("the owner cannot bookmark their own workspace; nobody can bookmark a private one", async () => {
    const pub = await createWorkspace(app, alice.token, { is_public: true });
    const own = await app.api(c.addWorkspaceBookmark, { params: { id: pub.id }, token: alice.token });
    expect(own.status).toBe(403);
    expect(own.error?.message).toBe("You can only bookmark public workspaces you don't own.");
    const priv = await createWorkspace(app, alice.token);
    expect((await app.api(c.addWorkspaceBookmark, { params: { id: priv.id }, token: bob.token })).status).toBe(404);
    expect((await app.api(c.addWorkspaceBookmark, { params: { id: pub.id } })).status).toBe(401);
  });

  it("most_bookmarked lists public workspaces by recent bookmarks, for anyone", async () => {
    const owner = await createUser(app);
    const fans = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    const a = await createWorkspace(app, owner.token, { is_public: true, name: "Popular" });
    const b = await createWorkspace(app, owner.token, { is_public: true, name: "Liked" });
    await createWorkspace(app, owner.token, { is_public: true, name: "Ignored" });
    for (const f of fans) await app.api(c.addWorkspaceBookmark, { params: { id: a.id }, token: f.token });
    await app.api(c.addWorkspaceBookmark, { params: { id: b.id }, token: fans[0]!.token });
    // An old bookmark does not count for last_n_days=1.
    await app.deps.db.kysely
      .updateTable("workspace_bookmarks")
      .set({ created_at: new Date(Date.now() - 5 * 86_400_000).toISOString() })
      .where("workspace_id", "=", b.id)
      .execute();

    const res = await app.api(c.mostBookmarkedWorkspaces, { query: { last_n_days: 30, limit: 100 } });
    expect(res.status).toBe(200);
    const names = res.body.workspaces.map((w: { name: string }) => w.name);
    expect(names.indexOf("Popular")).toBeLessThan(names.indexOf("Liked"));
    expect(names).not.toContain("Ignored");
    const recent = await app.api(c.mostBookmarkedWorkspaces, { query: { last_n_days: 1, limit: 100 } });
    expect(recent.body.workspaces.map((w: { name: string }) => w.name)).toContain("Popular");
    expect(recent.body.workspaces.map((w: { name: string }) => w.name)).not.toContain("Liked");
    expect((await app.request("GET", "/most_bookmarked_workspaces?last_n_days=0")).status).toBe(400);
  });
});
