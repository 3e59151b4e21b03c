import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser, uniqueEmail, type CreatedUser } from "../helpers/factories.ts";
import { hasEdgarData, startFakeEdgar, type FakeEdgar } from "../helpers/fake-edgar.ts";
import { startFakeServer, type FakeServer } from "../helpers/fake-http.ts";
import { createWorkspace, postMultipart, putBytes, reserve, sha256, uploadFile } from "../helpers/files.ts";
import { startCheckout, webhookUrl } from "../helpers/stripe-billing.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Every route of the API, called as anonymous, another user, the owner and an admin, against a
 * private and a public workspace (and the owner's own library items). The table is written out;
 * a route in /openapi.json that the table lacks fails the test. Admins get no special access, and
 * what is private answers 404 (never 403) to everyone but its owner.
 */
type Row = [anon: number, other: number, owner: number, admin: number];
type Vis = "private" | "public";
interface Expect {
  private: Row;
  public: Row;
}

const read: Expect = { private: [404, 404, 200, 404], public: [200, 200, 200, 200] };
const write: Expect = { private: [401, 404, 200, 404], public: [401, 403, 200, 403] };
const writeCreated: Expect = { private: [401, 404, 201, 404], public: [401, 403, 201, 403] };
const useAsReader: Expect = { private: [401, 404, 200, 404], public: [401, 200, 200, 200] };
/** Routes that are not about a workspace: visibility does not apply, the same row twice. */
const both = (r: Row): Expect => ({ private: r, public: r });

const TABLE: Record<string, Expect> = {
  "GET /workspaces": both([401, 200, 200, 200]),
  "POST /workspaces": both([401, 201, 201, 201]),
  "GET /workspaces/{id}": read,
  "PATCH /workspaces/{id}": write,
  "DELETE /workspaces/{id}": write,
  "POST /workspaces/{id}/bookmark": { private: [401, 404, 403, 404], public: [401, 200, 403, 200] },
  "DELETE /workspaces/{id}/bookmark": useAsReader,
  "GET /most_bookmarked_workspaces": both([200, 200, 200, 200]),
  "GET /workspaces/{id}/indexing_status": read,
  "POST /workspaces/{id}/auto_rename": write,
  "POST /workspaces/{id}/auto_generate_prompts": write,
  "GET /workspaces/{id}/threads": read,
  "POST /workspaces/{id}/threads": writeCreated,
  "GET /workspaces/{id}/threads/{tid}": read,
  "PATCH /workspaces/{id}/threads/{tid}": write,
  "DELETE /workspaces/{id}/threads/{tid}": write,
  "POST /workspaces/{id}/threads/{tid}/pin": write,
  "DELETE /workspaces/{id}/threads/{tid}/pin": write,
  "POST /workspaces/{id}/threads/{tid}/bookmark": useAsReader,
  "DELETE /workspaces/{id}/threads/{tid}/bookmark": useAsReader,
  "POST /workspaces/{id}/threads/{tid}/auto_rename": write,
  "GET /bookmarked_threads": both([401, 200, 200, 200]),
  "GET /threads": both([401, 200, 200, 200]),
  "GET /workspaces/{id}/threads/{tid}/messages": read,
  "POST /workspaces/{id}/threads/{tid}/messages/{mid}/active": write,
  "POST /workspaces/{id}/threads/{tid}/messages/{mid}/feedback": useAsReader,
  "DELETE /workspaces/{id}/threads/{tid}/messages/{mid}/feedback": useAsReader,
  // The agent: asking, regenerating and cancelling write to the thread; following and replaying read it.
  "POST /workspaces/{id}/threads/{tid}/stream_qa": write,
  "POST /workspaces/{id}/threads/{tid}/cancel_stream_qa": write,
  "POST /workspaces/{id}/threads/{tid}/messages/{mid}/regenerate": write,
  // Approving what an answer asks (importing SEC filings) writes to the Pod: the owner's only.
  "POST /workspaces/{id}/threads/{tid}/messages/{mid}/confirmations/{cid}": write,
  "GET /workspaces/{id}/threads/{tid}/messages/{mid}/stream": read,
  "GET /workspaces/{id}/threads/{tid}/messages/{mid}/replay": read,
  "GET /agent/models": both([401, 200, 200, 200]),
  // Thread files: read with the thread, written (saved, renamed, copied to the workspace) by the owner.
  "GET /workspaces/{id}/threads/{tid}/files": read,
  "GET /workspaces/{id}/threads/{tid}/files/{version_id}": read,
  "GET /workspaces/{id}/threads/{tid}/files/{version_id}/addon": read,
  "GET /workspaces/{id}/threads/{tid}/files/{fid}/diff": read,
  "PATCH /workspaces/{id}/threads/{tid}/files/{fid}/filename": write,
  "POST /workspaces/{id}/threads/{tid}/files/{version_id}/transfer_to_workspace": writeCreated,
  "POST /workspaces/{id}/threads/{tid}/edit_file": writeCreated,
  "GET /supported_file_extensions": both([200, 200, 200, 200]),
  "GET /workspaces/{id}/files": read,
  "GET /workspaces/{id}/files/{fid}/metadata": read,
  "POST /workspaces/{id}/files/{fid}/generate_download_url": read,
  "GET /workspaces/{id}/files/{fid}/versions/{vid}/pages/{page}": read,
  "GET /workspaces/{id}/files/{fid}/versions/{vid}/content": read,
  "PATCH /workspaces/{id}/files/{fid}": write,
  "DELETE /workspaces/{id}/files/{fid}": write,
  "POST /workspaces/{id}/files/generate_upload_url": write,
  "POST /workspaces/{id}/files/{fid}/finalize_upload": write,
  "POST /workspaces/{id}/files/{fid}/auto_rename": write,
  "POST /workspaces/{id}/files/{fid}/retry_indexing": write,
  "GET /workspaces/{id}/files_zip": read,
  "POST /workspaces/{id}/search": read,
  "POST /workspaces/{id}/files/download_from_url": writeCreated,
  "POST /workspaces/{id}/files/upload_from_gdrive": writeCreated,
  // The signed token is the authorization: whoever holds it (signed in or not) may use it.
  "PUT /blobs/{token}": both([200, 200, 200, 200]),
  "GET /blobs/{token}": both([200, 200, 200, 200]),
  "GET /users/me": both([401, 200, 200, 200]),
  "POST /users/me/email": both([401, 200, 200, 200]),
  "GET /users/me/files": both([401, 200, 200, 200]),
  // Only ever the caller's own files (find-files.test.ts checks nobody else's appear).
  "POST /find_files": both([401, 200, 200, 200]),
  "POST /users/me/files/upload": both([401, 201, 201, 201]),
  "GET /users/me/files/{fid}": both([401, 404, 200, 404]),
  "DELETE /users/me/files/{fid}": both([401, 404, 200, 404]),
  "POST /users/me/files/{fid}/transfer_to_workspace/{workspaceId}": both([401, 404, 201, 404]),
  "GET /users/me/storage": both([401, 200, 200, 200]),
  "POST /public/files/upload": both([401, 201, 201, 201]),
  "GET /public/files/{fid}": both([200, 200, 200, 200]),
  "DELETE /public/files/{fid}": both([401, 404, 200, 404]),
  "GET /prompts": both([401, 200, 200, 200]),
  "POST /prompts": both([401, 201, 201, 201]),
  "GET /prompts/{pid}": both([401, 404, 200, 404]),
  "PATCH /prompts/{pid}": both([401, 404, 200, 404]),
  "DELETE /prompts/{pid}": both([401, 404, 200, 404]),
  // SEC EDGAR: any signed-in user searches and lists; importing writes to the Pod named in the body.
  "POST /public_data/edgar/search": both([401, 200, 200, 200]),
  "POST /public_data/edgar/list": both([401, 200, 200, 200]),
  "POST /public_data/edgar/filing": { private: [401, 404, 202, 404], public: [401, 403, 202, 403] },
  "GET /attributes": both([401, 200, 200, 200]),
  "POST /attributes": both([401, 201, 201, 201]),
  "PATCH /attributes": both([401, 404, 200, 404]),
  "DELETE /attributes": both([401, 404, 200, 404]),
  // Snapshots: only the owner publishes; anyone reads one; only its creator deletes it (admins too
  // are refused). The fixture's snapshot is of the private or the public Pod: read alike.
  "POST /workspaces/{id}/snapshot": writeCreated,
  "POST /workspaces/{id}/threads/{tid}/snapshot": writeCreated,
  "GET /snapshots": both([401, 200, 200, 200]),
  "GET /site_published_snapshots": both([200, 200, 200, 200]),
  "GET /snapshots/{id}": both([200, 200, 200, 200]),
  "DELETE /snapshots/{id}": both([401, 403, 200, 403]),
  // Anyone signed in copies any snapshot into a Pod of their own (anyone may read one).
  "POST /snapshots/{id}/copy": both([401, 201, 201, 201]),
  // Which example pods are built here: public.
  "GET /examples": both([200, 200, 200, 200]),
  "GET /snapshots/{id}/workspace": both([200, 200, 200, 200]),
  "GET /snapshots/{id}/threads": both([200, 200, 200, 200]),
  "GET /snapshots/{id}/files": both([200, 200, 200, 200]),
  "GET /snapshots/{id}/threads/{tid}": both([200, 200, 200, 200]),
  "GET /snapshots/{id}/threads/{tid}/messages": both([200, 200, 200, 200]),
  // Billing catalogue: public, no resource behind it.
  "GET /public/subscription-plans": both([200, 200, 200, 200]),
  "GET /promo_available": both([200, 200, 200, 200]),
  // The caller's own balance, history, credits and plan: any signed-in user, about themselves.
  "GET /users/me/balance": both([401, 200, 200, 200]),
  "GET /users/me/usages": both([401, 200, 200, 200]),
  "GET /users/me/payments": both([401, 200, 200, 200]),
  "GET /users/me/credits": both([401, 200, 200, 200]),
  "GET /users/me/subscription-plan": both([401, 200, 200, 200]),
  // Admins only; this app runs with billing off, so the admin's grant is refused with 409
  // billing/not-enabled (the grant itself: tests/integration/billing-ledger.test.ts).
  "POST /admin/users/{id}/credits": both([401, 403, 403, 409]),
};

/** Routes with tests of their own; nothing that names a resource may hide here. */
const NOT_IN_MATRIX = [/^\/health$/, /^\/version$/, /^\/app-config$/, /^\/openapi\.json$/, /^\/auth\//, /^\/admin\//];
const MUST_BE_IN_MATRIX =
  /\{(id|tid|fid|mid|pid|workspaceId|token|version_id)\}|^\/(workspaces|threads|users\/me|public|prompts|attributes|bookmarked_threads|most_bookmarked_workspaces|supported_file_extensions|snapshots|site_published_snapshots|examples)(\/|$)/;

/** Routes whose owner call destroys or consumes the fixture: each call gets a fresh one. */
const FRESH = new Set([
  "DELETE /workspaces/{id}",
  "DELETE /workspaces/{id}/threads/{tid}",
  "DELETE /workspaces/{id}/files/{fid}",
  "DELETE /users/me/files/{fid}",
  "DELETE /public/files/{fid}",
  "DELETE /prompts/{pid}",
  "DELETE /snapshots/{id}",
  "DELETE /attributes",
  "POST /workspaces/{id}/files/{fid}/retry_indexing",
]);

let app: TestApp;
let fake: FakeServer;
let edgar: FakeEdgar | undefined;
let actors: { anon: null; other: CreatedUser; owner: CreatedUser; admin: CreatedUser };
beforeAll(async () => {
  const csv = Buffer.from("a,b\n");
  fake = await startFakeServer({
    "GET /report.csv": (_req, res) => res.writeHead(200, { "content-type": "text/csv" }).end(csv),
    "GET /drive/v3/files/d1": (_req, res, url) =>
      url.searchParams.get("alt") === "media"
        ? res.writeHead(200).end(csv)
        : res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ id: "d1", name: "d.csv", mimeType: "text/csv", size: "4" })),
  });
  edgar = hasEdgarData ? await startFakeEdgar() : undefined;
  app = await createTestApp({
    URL_IMPORT_ALLOW_PRIVATE: "true",
    GOOGLE_DRIVE_API_URL: fake.url,
    ...(edgar ? { ...edgar.env, EDGAR_USER_AGENT: "Permission matrix matrix@example.com" } : {}),
  });
  const [other, owner, admin] = await Promise.all([createUser(app), createUser(app), createAdmin(app)]);
  actors = { anon: null, other, owner, admin };
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await edgar?.close();
});

/** The owner's resources, each made the first time a route needs it. */
function fixture(vis: Vis) {
  const memo = new Map<string, Promise<string>>();
  const once = (k: string, make: () => Promise<string>) => {
    if (!memo.has(k)) memo.set(k, make());
    return memo.get(k)!;
  };
  const token = () => actors.owner.token;
  const fx = {
    ws: () => once("ws", async () => (await createWorkspace(app, token(), { is_public: vis === "public" })).id),
    thread: () =>
      once(
        "thread",
        async () =>
          (await app.request("POST", `/workspaces/${await fx.ws()}/threads`, { token: token(), body: {} })).body.id,
      ),
    /** An answer (with its question, so it can be regenerated). */
    message: () =>
      once("message", async () => {
        const [qid, id] = [crypto.randomUUID(), crypto.randomUUID()];
        const t = new Date().toISOString();
        const base = {
          thread_id: await fx.thread(),
          status: "complete" as const,
          is_active: 1,
          created_by: null,
          created_at: t,
          updated_at: t,
        };
        await app.deps.db.kysely
          .insertInto("messages")
          .values([
            { ...base, id: qid, parent_id: null, role: "user", content: "What is the answer?" },
            { ...base, id, parent_id: qid, role: "assistant", content: "42" },
          ])
          .execute();
        return id;
      }),
    /**
     * A pending confirmation of an answer being written ({tid, mid, cid}), in a thread of its own so
     * the streaming answer holds up no other route. Written directly: the matrix is about who may answer it.
     */
    confirmation: () =>
      once("confirmation", async () => {
        const tid = (await app.request("POST", `/workspaces/${await fx.ws()}/threads`, { token: token(), body: {} }))
          .body.id as string;
        const [qid, mid, cid] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
        const t = new Date().toISOString();
        const base = { thread_id: tid, is_active: 1, created_by: null, created_at: t, updated_at: t };
        await app.deps.db.kysely
          .insertInto("messages")
          .values([
            { ...base, id: qid, parent_id: null, role: "user", content: "Import it", status: "complete" },
            { ...base, id: mid, parent_id: qid, role: "assistant", content: "", status: "streaming" },
          ])
          .execute();
        await app.deps.db.kysely
          .insertInto("agent_confirmations")
          .values({
            id: cid,
            message_id: mid,
            kind: "edgar_import",
            payload: "{}",
            status: "pending",
            created_at: t,
            answered_at: null,
            answered_by: null,
          })
          .execute();
        return JSON.stringify({ tid, mid, cid });
      }),
    file: () => once("file", async () => (await uploadFile(app, token(), await fx.ws())).id),
    /** A file the thread holds (saved through edit_file, as an answer's workbook would be). */
    threadFile: () =>
      once("threadFile", async () => {
        const res = await postMultipart(app, `/workspaces/${await fx.ws()}/threads/${await fx.thread()}/edit_file`, {
          token: token(),
          fields: { filename: "t.txt" },
          file: { name: "t.txt", bytes: Buffer.from("thread file") },
        });
        if (res.status !== 201) throw new Error(`edit_file: ${res.status} ${JSON.stringify(res.body)}`);
        return JSON.stringify({ fid: res.body.file_id, vid: res.body.version_id });
      }),
    /** The file's version with one indexed page (written directly: the matrix is about who may read it). */
    version: () =>
      once("version", async () => {
        const fileId = await fx.file();
        const { current_version_id: vid } = await app.deps.db.kysely
          .selectFrom("files")
          .select("current_version_id")
          .where("id", "=", fileId)
          .executeTakeFirstOrThrow();
        await app.deps.db.kysely
          .insertInto("documents")
          .values({ version_id: vid!, file_id: fileId, workspace_id: await fx.ws(), title: "", page_count: 1 })
          .execute();
        await app.deps.db.kysely.insertInto("pages").values({ version_id: vid!, page: 1, text: "hello" }).execute();
        return vid!;
      }),
    /** A file whose indexing failed (set directly: the matrix is about who may retry, not why it failed). */
    failedFile: () =>
      once("failedFile", async () => {
        const id = (await uploadFile(app, token(), await fx.ws())).id;
        await app.deps.db.kysely
          .updateTable("files")
          .set({ status: "failed", error: "The PDF cannot be opened." })
          .where("id", "=", id)
          .execute();
        return id;
      }),
    /** A reservation with its bytes PUT, ready to finalize (not memoized: finalize consumes it). */
    pendingUpload: async () => {
      const bytes = Buffer.from("pending");
      const r = await reserve(app, token(), await fx.ws(), bytes.length);
      await putBytes(app, r.upload_url, bytes);
      return { fid: r.file_id, body: { filename: "p.txt", byte_size: bytes.length, checksum: sha256(bytes) } };
    },
    uploadToken: async () => (await reserve(app, token(), await fx.ws(), 3)).upload_url.split("/").pop()!,
    downloadToken: async () => {
      const res = await app.request(
        "POST",
        `/workspaces/${await fx.ws()}/files/${await fx.file()}/generate_download_url`,
        { token: token() },
      );
      return String(res.body.download_url).split("/").pop()!;
    },
    libraryFile: (scope: "users/me" | "public") =>
      once(
        scope,
        async () =>
          (
            await postMultipart(app, `/${scope}/files/upload`, {
              token: token(),
              file: { name: "lib.txt", bytes: Buffer.from("lib") },
            })
          ).body.id,
      ),
    /** A Pod snapshot of the workspace with its thread: {id, tid} (the snapshot's copy of the thread). */
    snapshot: () =>
      once("snapshot", async () => {
        await fx.thread();
        const res = await app.request("POST", `/workspaces/${await fx.ws()}/snapshot`, { token: token(), body: {} });
        if (res.status !== 201) throw new Error(`snapshot: ${res.status} ${JSON.stringify(res.body)}`);
        const threads = await app.request("GET", `/snapshots/${res.body.id}/threads`);
        return JSON.stringify({ id: res.body.id, tid: threads.body.threads[0].id });
      }),
    prompt: () =>
      once(
        "prompt",
        async () =>
          (await app.request("POST", "/prompts", { token: token(), body: { title: "T", content: "C" } })).body.id,
      ),
    attribute: () =>
      once("attr", async () => {
        const key = `k${crypto.randomBytes(4).toString("hex")}`;
        await app.request("POST", "/attributes", { token: token(), body: { key, value: 1 } });
        return key;
      }),
  };
  return fx;
}
type Fixture = ReturnType<typeof fixture>;

interface Call {
  path: string;
  body?: unknown;
  form?: Record<string, string>;
  file?: boolean;
  bytes?: Buffer;
}

/** The concrete request for a route: path parameters from the fixture, and a valid body. */
async function build(route: string, fx: Fixture): Promise<Call> {
  const [method, template] = route.split(" ") as [string, string];
  const snapshot = async (k: "id" | "tid") => JSON.parse(await fx.snapshot())[k] as string;
  const ofSnapshot = template.startsWith("/snapshots/");
  const values: Record<string, () => Promise<string>> = {
    id: ofSnapshot ? () => snapshot("id") : fx.ws,
    workspaceId: fx.ws,
    tid: ofSnapshot ? () => snapshot("tid") : fx.thread,
    mid: fx.message,
    pid: fx.prompt,
    vid: fx.version,
    page: async () => "1",
    version_id: async () => JSON.parse(await fx.threadFile()).vid,
    fid: template.includes("/threads/{tid}/files/")
      ? async () => JSON.parse(await fx.threadFile()).fid
      : template.startsWith("/users/me/")
        ? () => fx.libraryFile("users/me")
        : template.startsWith("/public/")
          ? () => fx.libraryFile("public")
          : template.endsWith("/retry_indexing")
            ? fx.failedFile
            : fx.file,
    token: method === "PUT" ? fx.uploadToken : fx.downloadToken,
  };
  if (route.endsWith("/confirmations/{cid}")) {
    const ids = async (k: "tid" | "mid" | "cid") => JSON.parse(await fx.confirmation())[k] as string;
    values.tid = () => ids("tid");
    values.mid = () => ids("mid");
    values.cid = () => ids("cid");
  }
  let body: unknown;
  if (route.endsWith("/finalize_upload")) {
    const p = await fx.pendingUpload();
    values.fid = async () => p.fid;
    body = p.body;
  }
  let path = template;
  for (const m of template.matchAll(/\{(\w+)\}/g))
    path = path.replace(m[0], encodeURIComponent(await values[m[1]!]!()));
  const bodies: Record<string, unknown> = {
    "POST /workspaces": { name: "New" },
    "POST /admin/users/{id}/credits": { credits: 1, reason: "matrix", idempotency_key: "matrix" },
    "PATCH /workspaces/{id}": { name: "Renamed" },
    "POST /workspaces/{id}/auto_rename": { user_query: "What is revenue?" },
    "POST /workspaces/{id}/auto_generate_prompts": { count: 2 },
    "POST /workspaces/{id}/threads/{tid}/auto_rename": { user_query: "Why?" },
    "POST /workspaces/{id}/threads": { name: "T" },
    "PATCH /workspaces/{id}/threads/{tid}": { name: "T2" },
    "POST /workspaces/{id}/threads/{tid}/messages/{mid}/feedback": { rating: "up" },
    "PATCH /workspaces/{id}/files/{fid}": { filename: "renamed.txt" },
    "POST /workspaces/{id}/files/generate_upload_url": { byte_size: 5 },
    "POST /users/me/email": { email: uniqueEmail("moved") },
    "POST /prompts": { title: "T", content: "C" },
    "PATCH /prompts/{pid}": { title: "T2" },
    "POST /attributes": { key: `n${crypto.randomBytes(4).toString("hex")}`, value: true },
    "POST /workspaces/{id}/search": { query: "revenue" },
    "POST /find_files": { query: "revenue" },
    "POST /public_data/edgar/search": { query: "NVDA" },
    "POST /public_data/edgar/list": { cik: 1045810, forms: ["8-K"], limit: 5 },
    "POST /workspaces/{id}/threads/{tid}/stream_qa": { query: "What is revenue?" },
    "POST /workspaces/{id}/threads/{tid}/messages/{mid}/confirmations/{cid}": { approve: true },
    "PATCH /workspaces/{id}/threads/{tid}/files/{fid}/filename": { filename: "renamed.txt" },
    "POST /workspaces/{id}/threads/{tid}/files/{version_id}/transfer_to_workspace": { filename: "moved.txt" },
  };
  if (route === "POST /public_data/edgar/filing")
    body = { workspace_id: await fx.ws(), cik: 1045810, accession_number: "0001045810-26-000024" };
  if (route === "PATCH /attributes") body = { key: await fx.attribute(), value: 2 };
  if (route === "DELETE /attributes") path += `?key=${await fx.attribute()}`;
  if (route.endsWith("/cancel_stream_qa")) path += `?message_id=${await fx.message()}`;
  if (route.endsWith("/files/{fid}/diff")) {
    const { vid } = JSON.parse(await fx.threadFile());
    path += `?from=${vid}&to=${vid}`;
  }
  if (route.endsWith("/edit_file")) return { path, file: true };
  if (route.endsWith("/download_from_url")) return { path, form: { url: `${fake.url}/report.csv` } };
  if (route.endsWith("/upload_from_gdrive")) return { path, form: { file_id: "d1", access_token: "token" } };
  if (route.endsWith("/files/upload")) return { path, file: true };
  if (method === "PUT") return { path, bytes: Buffer.from("abc") };
  return { path, body: body ?? bodies[route] };
}

async function call(
  route: string,
  c: Call,
  token: string | undefined,
): Promise<{ status: number; body: { error?: { code: string } } }> {
  const method = route.split(" ")[0]!;
  if (c.form || c.file) {
    return postMultipart(app, c.path, {
      token,
      fields: c.form,
      ...(c.file ? { file: { name: "up.txt", bytes: Buffer.from("up") } } : {}),
    });
  }
  if (c.bytes) return putBytes(app, app.url + c.path, c.bytes, { token });
  return app.request(method, c.path, { token, body: c.body });
}

describe("permission matrix", () => {
  let documented: string[];
  beforeAll(async () => {
    const res = await app.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    documented = Object.entries(res.body.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
  });

  it("covers every route in /openapi.json but the allow-listed few, and no route that does not exist", () => {
    // A route the table lists is tested here even under an allow-listed prefix (an admin route naming a user).
    const exempt = documented.filter((r) => !(r in TABLE) && NOT_IN_MATRIX.some((re) => re.test(r.split(" ")[1]!)));
    for (const r of exempt) expect(MUST_BE_IN_MATRIX.test(r.split(" ")[1]!), `${r} must be in the matrix`).toBe(false);
    const missing = documented.filter((r) => !exempt.includes(r) && !(r in TABLE));
    expect(missing, "routes missing from the permission matrix").toEqual([]);
    expect(
      Object.keys(TABLE).filter((r) => !documented.includes(r)),
      "stale routes in the matrix",
    ).toEqual([]);
    expect(Object.keys(TABLE).length).toBeGreaterThanOrEqual(60);
  });

  describe.each(["private", "public"] as const)("%s workspace", (vis) => {
    let shared: Fixture;
    beforeAll(() => {
      shared = fixture(vis);
    });

    // The EDGAR rows need the SEC's recorded answers (SHARED_DATA_DIR/edgar) for the local fake.
    const rows = Object.keys(TABLE).filter(
      (r) => (hasEdgarData || !r.includes("/public_data/edgar/")) && !(r in STRIPE_ROWS),
    );
    it.each(rows)("%s", async (route) => {
      const expected = TABLE[route]![vis];
      const got: number[] = [];
      const bodies: unknown[] = [];
      for (const who of ["anon", "other", "owner", "admin"] as const) {
        const fx = FRESH.has(route) ? fixture(vis) : shared;
        const res = await call(route, await build(route, fx), actors[who]?.token);
        got.push(res.status);
        bodies.push(res.body);
      }
      expect(got, `[anon, other, owner, admin] ${JSON.stringify(bodies)}`).toEqual(expected);
      // Hidden means not found, never "forbidden".
      got.forEach((s, i) => {
        if (s === 404) expect((bodies[i] as { error: { code: string } }).error.code).toBe("not_found");
      });
      expect(fake.unexpected).toEqual([]);
    });
  });
});

/**
 * A snapshot's workspace, through the workspace routes: anyone reads it, nobody changes it (its
 * publisher included: 403). The source fixture is made whole, published, and the routes are
 * called with the copies' ids (the versions are shared, so their ids are the source's).
 */
function snapshotFixture(): { fx: Fixture; ready: Promise<void> } {
  const source = fixture("private");
  const copies = new Map<string, string>();
  const ready = (async () => {
    const [wsId, , , fileId, threadFile] = [
      await source.ws(),
      await source.message(),
      await source.version(),
      await source.file(),
      JSON.parse(await source.threadFile()) as { fid: string; vid: string },
    ];
    const res = await app.request("POST", `/workspaces/${wsId}/snapshot`, { token: actors.owner.token, body: {} });
    if (res.status !== 201) throw new Error(`snapshot: ${res.status} ${JSON.stringify(res.body)}`);
    const db = app.deps.db.kysely;
    const ws = res.body.workspace_id as string;
    const thread = await db.selectFrom("threads").select("id").where("workspace_id", "=", ws).executeTakeFirstOrThrow();
    const answer = await db
      .selectFrom("messages")
      .select("id")
      .where("thread_id", "=", thread.id)
      .where("role", "=", "assistant")
      .executeTakeFirstOrThrow();
    const named = async (id: string) => {
      const { filename } = await db
        .selectFrom("files")
        .select("filename")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return (
        await db
          .selectFrom("files")
          .select("id")
          .where("workspace_id", "=", ws)
          .where("filename", "=", filename)
          .executeTakeFirstOrThrow()
      ).id;
    };
    copies.set("ws", ws);
    copies.set("thread", thread.id);
    copies.set("message", answer.id);
    copies.set("file", await named(fileId));
    copies.set("threadFile", JSON.stringify({ fid: await named(threadFile.fid), vid: threadFile.vid }));
  })();
  const copy = (k: string) => async () => {
    await ready;
    return copies.get(k)!;
  };
  return {
    ready,
    fx: {
      ...source,
      ws: copy("ws"),
      thread: copy("thread"),
      message: copy("message"),
      file: copy("file"),
      failedFile: copy("file"),
      threadFile: copy("threadFile"),
      pendingUpload: async () => ({
        fid: await copy("file")(),
        body: { filename: "p.txt", byte_size: 7, checksum: sha256("pending") },
      }),
    },
  };
}

describe("a snapshot's workspace", () => {
  let snap: ReturnType<typeof snapshotFixture>;
  beforeAll(async () => {
    snap = snapshotFixture();
    await snap.ready;
  });
  const routes = Object.keys(TABLE).filter((r) => r.split(" ")[1]!.startsWith("/workspaces/{id}"));
  const isRead = (r: string) => JSON.stringify(TABLE[r]) === JSON.stringify(read);

  it.each(routes)("%s", async (route) => {
    const expected = isRead(route) ? [200, 200, 200, 200] : [401, 403, 403, 403];
    const got: number[] = [];
    const bodies: unknown[] = [];
    for (const who of ["anon", "other", "owner", "admin"] as const) {
      const res = await call(route, await build(route, snap.fx), actors[who]?.token);
      got.push(res.status);
      bodies.push(res.body);
    }
    expect(got, `[anon, other, owner, admin] ${JSON.stringify(bodies)}`).toEqual(expected);
    got.forEach((s, i) => {
      if (s === 403) expect((bodies[i] as { error: { code: string } }).error.code).toBe("forbidden");
    });
  });
});

/**
 * The routes that talk to Stripe, on an app with billing on (a local fake Stripe): with billing
 * off they all answer 409. Each row runs once, in this order, with its own actors: the owner has
 * subscribed (so buying again is 409 and the trial is used), the others have started a checkout
 * (so each has a Stripe customer and a portal). The trial row goes last: it subscribes the others.
 */
const STRIPE_ROWS: Record<string, Expect> = {
  "GET /subscription-status": both([200, 200, 200, 200]),
  "POST /create-checkout-session": both([401, 200, 409, 200]),
  "POST /create-checkout-session-pricing": both([401, 200, 409, 200]),
  "POST /create-checkout-session-trial": both([401, 200, 409, 200]),
  "GET /checkout-sessions/{id}": both([401, 404, 200, 404]),
  "POST /cancel-subscription": both([401, 404, 200, 404]),
  "POST /create-portal-session": both([401, 200, 200, 200]),
  // Stripe signs its calls; nobody else gets past the signature, signed in or not.
  "POST /stripe/webhook": both([400, 400, 400, 400]),
  "POST /create-trial": both([401, 200, 409, 200]),
};
Object.assign(TABLE, STRIPE_ROWS);

describe("billing on: the Stripe routes", () => {
  let stripe: FakeStripe;
  let billingApp: TestApp;
  let users: { anon: null; other: CreatedUser; owner: CreatedUser; admin: CreatedUser };
  let owned: { session: string; subscription: string };
  beforeAll(async () => {
    stripe = await startFakeStripe();
    billingApp = await createTestApp(stripe.env);
    stripe.webhookUrl = webhookUrl(billingApp);
    const [other, owner, admin] = await Promise.all([
      createUser(billingApp),
      createUser(billingApp),
      createAdmin(billingApp),
    ]);
    users = { anon: null, other, owner, admin };
    const session = await startCheckout(billingApp, owner);
    owned = { session, subscription: (await stripe.completeCheckout(session)).id };
    await Promise.all([startCheckout(billingApp, other), startCheckout(billingApp, admin)]);
  });
  afterAll(async () => {
    await billingApp?.close();
    await stripe?.close();
  });

  it.each(Object.keys(STRIPE_ROWS))("%s", async (route) => {
    const [method, template] = route.split(" ") as [string, string];
    const query: Record<string, string> = {
      "POST /create-checkout-session": "?price_id=price_pro",
      "POST /create-checkout-session-trial": "?promotion_name=pro-trial",
      "POST /cancel-subscription": `?subscription_id=${owned.subscription}`,
      "POST /create-trial": "?promotion_type=pro",
    };
    const path = template.replace("{id}", owned.session) + (query[route] ?? "");
    const got: number[] = [];
    const bodies: { error?: { code: string } }[] = [];
    for (const who of ["anon", "other", "owner", "admin"] as const) {
      const res = await billingApp.request(method, path, { token: users[who]?.token });
      got.push(res.status);
      bodies.push(res.body);
    }
    expect(got, `[anon, other, owner, admin] ${JSON.stringify(bodies)}`).toEqual(STRIPE_ROWS[route]!.private);
    got.forEach((s, i) => {
      if (s === 404) expect(bodies[i]!.error!.code).toBe("not_found");
    });
  });
});
