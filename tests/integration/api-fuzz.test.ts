import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { errorStatus } from "../../contracts/errors.ts";
import { createAdmin } from "../helpers/factories.ts";
import { createWorkspace, postMultipart, reserve, uploadFile } from "../helpers/files.ts";
import {
  deepNest,
  type DeepRef,
  fromSchema,
  hostileBody,
  hostilePathValue,
  hostileQueryValue,
  hostileString,
  hostileValue,
  type JsonSchema,
  type PathValue,
  type RealKind,
} from "../helpers/fuzz-inputs.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 12: every operation of /api/openapi.json, sent hostile requests by a signed-in admin who
 * owns real resources (so path ids are real or wrong, and every guard is passed): wrong types,
 * huge and deep values, NUL and lone surrogates, __proto__ keys, FTS syntax, bad JSON, wrong
 * content types, odd path segments and queries. No answer may be a 5xx, and every 4xx carries a
 * stable code from contracts/errors.ts with its own status. FUZZ_SEED and FUZZ_RUNS reproduce or
 * widen a run (FUZZ_ONLY, a regex over "METHOD /path", narrows it); a failure prints the seed and
 * the request that failed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const TIMEOUT_MS = 20_000;

interface Operation {
  method: string;
  /** OpenAPI path, with {param}s. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyType: "json" | "form" | "bytes" | null;
  bodySchema: JsonSchema;
}

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "text"; contentType: string; text: string }
  | { kind: "form"; fields: [string, unknown][]; file?: { name: string; text: string } };
interface Draft {
  params: Record<string, PathValue>;
  query: [string, string][];
  body: Body;
  auth: "owner" | "none" | "bogus";
}

/** The fixture's resources, rebuilt when an operation deleted one (or signed its user out). */
interface Fixture extends Record<RealKind, string> {
  token: string;
}

let app: TestApp;
let drive: http.Server;
let fixture: Fixture;

beforeAll(async () => {
  // Google Drive is a local fake that refuses every token, as Drive does for a wrong one.
  drive = http.createServer((_req, res) => {
    res
      .writeHead(401, { "content-type": "application/json" })
      .end('{"error":{"code":401,"message":"Invalid Credentials"}}');
  });
  await new Promise<void>((resolve) => drive.listen(0, "127.0.0.1", resolve));
  app = await createTestApp({
    GOOGLE_DRIVE_API_URL: `http://127.0.0.1:${(drive.address() as AddressInfo).port}`,
    URL_IMPORT_TIMEOUT_MS: "500",
  });
  fixture = await buildFixture();
});
afterAll(async () => {
  await app?.close();
  drive?.close();
});

async function buildFixture(): Promise<Fixture> {
  const { token } = await createAdmin(app);
  const workspace = (await createWorkspace(app, token)).id;
  const thread = (await app.request("POST", `/workspaces/${workspace}/threads`, { token, body: {} })).body.id as string;
  const file = await uploadFile(app, token, workspace);
  const answer = await app.request("POST", `/workspaces/${workspace}/threads/${thread}/stream_qa`, {
    token,
    body: { query: "hello" },
  });
  const message = /"message_id":"([^"]+)"/.exec(String(answer.body))?.[1];
  const account = await postMultipart(app, "/users/me/files/upload", {
    token,
    file: { name: "mine.txt", bytes: Buffer.from("mine") },
  });
  const prompt = await app.request("POST", "/prompts", { token, body: { title: "t", content: "c" } });
  const code = await app.request("POST", "/admin/signup-codes", { token, body: {} });
  const upload = await reserve(app, token, workspace, 5);
  const blob = upload.upload_url.split("/").pop()!; // the disk store answers /api/blobs/{token}
  if (!message || account.status !== 201 || prompt.status !== 201 || code.status !== 201)
    throw new Error("fixture: could not create every resource");
  return {
    token,
    workspace,
    thread,
    file: file.id,
    version: file.version_id!,
    message,
    accountFile: account.body.id,
    prompt: prompt.body.id,
    code: code.body.code,
    blob,
  };
}

/** Rebuilds the fixture when the last operation deleted part of it or ended its session. */
async function ensureFixture(): Promise<void> {
  const f = fixture;
  const checks = await Promise.all(
    [
      "/users/me",
      `/workspaces/${f.workspace}/threads/${f.thread}`,
      `/workspaces/${f.workspace}/files/${f.file}/metadata`,
      `/users/me/files/${f.accountFile}`,
      `/prompts/${f.prompt}`,
    ].map((p) => app.request("GET", p, { token: f.token })),
  );
  if (checks.some((r) => r.status !== 200)) fixture = await buildFixture();
}

const PARAM_KIND: Record<string, RealKind> = {
  id: "workspace",
  workspaceId: "workspace",
  tid: "thread",
  fid: "file",
  vid: "version",
  version_id: "version",
  mid: "message",
  pid: "prompt",
  code: "code",
  token: "blob",
};
function realParam(op: Operation, name: string): string {
  if (name === "page") return "1";
  if (name === "fid" && (op.path.startsWith("/users/me/files") || op.path.startsWith("/public/files")))
    return fixture.accountFile;
  return fixture[PARAM_KIND[name] ?? "workspace"];
}

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        bodyType: !type
          ? null
          : type === "application/json"
            ? "json"
            : type === "multipart/form-data"
              ? "form"
              : "bytes",
        bodySchema: type ? content[type]!.schema : {},
      });
    }
  }
  return ops;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const BAD_JSON = [
  "{bad",
  "",
  "{",
  '{"a":1,}',
  "\u0000",
  "[1,2",
  deepNest(100_000),
  deepNest(100_000, "object"),
  deepNest(10_000, "array", '"\\u0000"'),
  '{"a":"\\ud800"}',
];
function bodyArbitrary(op: Operation): fc.Arbitrary<Body> {
  const json = hostileBody(op.bodySchema).map((value): Body => ({ kind: "json", value }));
  const badJson = fc
    .constantFrom(...BAD_JSON)
    .map((text): Body => ({ kind: "text", contentType: "application/json", text }));
  const wrongType = fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/json; charset=latin1",
        "application/vnd.api+json",
        "application/octet-stream",
      ),
      fc.constantFrom('{"name":"x"}', "a=1&b=%00", "--x\r\n\r\n", ""),
    )
    .map(([contentType, text]): Body => ({ kind: "text", contentType, text }));
  const formFields = Object.keys(op.bodySchema.properties ?? {}).filter((k) => k !== "file");
  const form = fc
    .record({
      values: fc.array(fc.oneof(hostileString, fc.constantFrom("http://127.0.0.1:1/x.txt", "abc")), {
        minLength: formFields.length,
        maxLength: formFields.length,
      }),
      name: fc.oneof(hostileString, fc.constant("notes.txt")),
      text: fc.string(),
    })
    .map(({ values, name, text }): Body => ({
      kind: "form",
      fields: formFields.map((k, i) => [k, values[i]]),
      file: { name: name.slice(0, 300) || "x", text },
    }));
  if (op.bodyType === "json")
    return fc.oneof(
      { arbitrary: json, weight: 8 },
      { arbitrary: badJson, weight: 1 },
      { arbitrary: wrongType, weight: 1 },
    );
  if (op.bodyType === "form")
    return fc.oneof(
      { arbitrary: form, weight: 6 },
      { arbitrary: json, weight: 1 },
      { arbitrary: wrongType, weight: 1 },
    );
  if (op.bodyType === "bytes")
    return fc.oneof(
      fc.string().map((text): Body => ({ kind: "text", contentType: "application/octet-stream", text })),
      wrongType,
    );
  return fc.oneof(
    { arbitrary: fc.constant<Body>({ kind: "none" }), weight: 6 },
    { arbitrary: hostileValue.map((value): Body => ({ kind: "json", value })), weight: 1 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function draftArbitrary(op: Operation): fc.Arbitrary<Draft> {
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, hostilePathValue]))),
    query: fc.array(fc.tuple(fc.constantFrom(...op.queryParams, "__proto__", "limit", "x%00"), hostileQueryValue), {
      maxLength: op.queryParams.length + 1,
    }),
    body: bodyArbitrary(op),
    auth: fc.constantFrom<Draft["auth"]>("owner", "owner", "owner", "owner", "owner", "owner", "none", "bogus"),
  });
}

/** Fixed cases tried first on every operation: each param, query and field NUL / surrogate / broken in turn. */
function examples(op: Operation): Draft[] {
  const real = Object.fromEntries(op.pathParams.map((p) => [p, { real: true } as PathValue]));
  const valid = op.bodyType === "json" ? fc.sample(fromSchema(op.bodySchema), { numRuns: 1, seed: 1 })[0] : undefined;
  const base: Draft = {
    params: real,
    query: [],
    body: op.bodyType === "json" ? { kind: "json", value: valid } : { kind: "none" },
    auth: "owner",
  };
  const out: Draft[] = [base, { ...base, auth: "none" }, { ...base, auth: "bogus" }];
  const every = <T>(keys: string[], v: T) => Object.fromEntries(keys.map((k) => [k, v]));
  for (const p of op.pathParams)
    for (const raw of ["%00", "%ED%A0%80"]) out.push({ ...base, params: { ...real, [p]: { raw } } });
  // (Long, but under Node's 16 KB header limit, which the HTTP server itself enforces with a bare 431.)
  for (const raw of ["%ZZ", "x".repeat(2000)])
    if (op.pathParams.length) out.push({ ...base, params: every(op.pathParams, { raw }) });
  for (const q of op.queryParams) for (const v of ["%00", "abc"]) out.push({ ...base, query: [[q, v]] });
  if (op.queryParams.length)
    out.push(
      { ...base, query: op.queryParams.map((q) => [q, "-1"]) },
      { ...base, query: op.queryParams.map((q) => [q, "1e309"]) },
    );
  if (op.bodyType === "json") {
    const json = (value: unknown): Draft => ({ ...base, body: { kind: "json", value } });
    const props = Object.keys(op.bodySchema.properties ?? {});
    for (const k of props) for (const v of ["a\u0000b", "\ud800"]) out.push(json({ ...(valid as object), [k]: v }));
    for (const v of [
      "x".repeat(1024 * 1024),
      'NEAR("a" b) OR -c* ^d',
      { $deep: 100_000, kind: "object" } satisfies DeepRef,
    ])
      out.push(json({ ...(valid as object), ...every(props, v) }));
    out.push(json(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{}}}')));
    for (const text of BAD_JSON) out.push({ ...base, body: { kind: "text", contentType: "application/json", text } });
    out.push({ ...base, body: { kind: "text", contentType: "text/plain", text: JSON.stringify(valid ?? {}) } });
  }
  if (op.bodyType === "form") {
    const fields = Object.keys(op.bodySchema.properties ?? {}).filter((k) => k !== "file");
    for (const name of ["a\u0000b.txt", "../../x.txt", ""])
      out.push({
        ...base,
        body: { kind: "form", fields: fields.map((f) => [f, "a\u0000b"]), file: { name, text: "x" } },
      });
  }
  return out;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}
function materialize(op: Operation, d: Draft): Sent {
  let path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = d.params[name]!;
    return "raw" in v ? v.raw : encodeURIComponent(realParam(op, name));
  });
  if (d.query.length) path += "?" + d.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&");
  const headers: Record<string, string> = {};
  if (d.auth === "owner") headers.authorization = `Bearer ${fixture.token}`;
  if (d.auth === "bogus") headers.authorization = "Bearer not-a-session";
  let body: Sent["body"];
  if (d.body.kind === "json") {
    headers["content-type"] = "application/json";
    body = toJson(d.body.value);
  } else if (d.body.kind === "text") {
    headers["content-type"] = d.body.contentType;
    body = d.body.text;
  } else if (d.body.kind === "form") {
    const form = new FormData();
    for (const [k, v] of d.body.fields) form.append(k, String(v));
    if (d.body.file) form.append("file", new Blob([d.body.file.text], { type: "text/plain" }), d.body.file.name);
    body = form;
  }
  return { method: op.method, url: app.url + path, headers, body };
}

/**
 * One request on a connection of its own (a server that answers 413 closes the connection before
 * reading the body; that must not break the next request), with a deadline.
 */
async function send(s: Sent): Promise<{ status: number; text: string }> {
  const headers = { ...s.headers };
  let body: Buffer | undefined;
  if (typeof s.body === "string") body = Buffer.from(s.body);
  else if (s.body) {
    const encoded = new Response(s.body);
    headers["content-type"] = encoded.headers.get("content-type")!;
    body = Buffer.from(await encoded.arrayBuffer());
  }
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(s.url, { method: s.method, headers, agent: false, timeout: TIMEOUT_MS }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    // The server may answer and close before the whole body is written.
    req.on("error", (err: NodeJS.ErrnoException) =>
      answered && (err.code === "EPIPE" || err.code === "ECONNRESET") ? undefined : reject(err),
    );
    req.end(body);
  });
}

/** Answers by status, printed at the end: a run that only ever saw 401s or 404s tested little. */
const statuses = new Map<number, number>();

/** JSON text of a drafted value: real ids filled in, deep values written out (see DeepRef). */
function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (!v || typeof v !== "object") return v;
    if ("$real" in v) return fixture[(v as { $real: RealKind }).$real];
    if ("$deep" in v) return `\u0001deep:${(v as DeepRef).$deep}:${(v as DeepRef).kind}\u0001`;
    return v;
  });
  return (text ?? "").replace(/"\\u0001deep:(\d+):(\w+)\\u0001"/g, (_m, depth: string, kind: "array" | "object") =>
    deepNest(Number(depth), kind),
  );
}

/** Why this answer breaks the contract, or null. */
async function problemWith(s: Sent): Promise<string | null> {
  let res: { status: number; text: string };
  try {
    res = await send(s);
  } catch (err) {
    return `no answer: ${(err as Error).message}`;
  }
  const text = res.text;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  if (res.status < 400) return null;
  let code: unknown;
  try {
    code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return `${res.status} without a JSON error body: ${text.slice(0, 200)}`;
  }
  // A 5xx is a crash unless it is one the error table declares: a feature this server is not set up
  // for (SEC EDGAR without EDGAR_USER_AGENT, 503 edgar/not-configured) answers so whenever a request
  // is valid enough to reach it, and is checked like any 4xx below.
  if (res.status >= 500 && (code === "internal" || typeof code !== "string" || !(code in errorStatus)))
    return `${res.status}: ${text.slice(0, 300)}`;
  if (typeof code !== "string" || !(code in errorStatus))
    return `${res.status} with an unknown code ${JSON.stringify(code)}`;
  if (errorStatus[code as keyof typeof errorStatus] !== res.status)
    return `${res.status} with code ${code}, whose status is ${errorStatus[code as keyof typeof errorStatus]}`;
  return null;
}

function describeSent(s: Sent): string {
  const body =
    typeof s.body === "string"
      ? s.body.slice(0, 300)
      : s.body
        ? `form ${JSON.stringify([...s.body.entries()].map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 100) : `file ${v.name}`]))}`
        : "";
  return `${s.method} ${s.url.replace(app.url, "").slice(0, 300)} ${JSON.stringify(s.headers["content-type"] ?? "")} ${body}`;
}

it("every OpenAPI operation answers hostile requests without a 5xx, with stable error codes", async () => {
  const doc = (await app.request("GET", "/openapi.json")).body;
  const ops = operationsOf(doc);
  // So the test cannot silently fuzz nothing.
  expect(ops.length).toBeGreaterThan(50);
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
  const slowest: [number, string][] = [];
  const failures: string[] = [];
  const started = Date.now();
  for (const op of ops.filter((o) => !only || only.test(`${o.method} ${o.path}`))) {
    const opStarted = Date.now();
    await ensureFixture();
    for (const draft of examples(op)) {
      const sent = materialize(op, draft);
      const problem = await problemWith(sent);
      if (problem)
        failures.push(`${op.method} ${op.path} (fixed case)\n${problem}\n    request: ${describeSent(sent)}`);
    }
    const result = await fc.check(
      fc.asyncProperty(draftArbitrary(op), async (draft) => {
        const sent = materialize(op, draft);
        const problem = await problemWith(sent);
        if (problem) throw new Error(`${problem}\n    request: ${describeSent(sent)}`);
      }),
      // Shrinking would resend many more requests; the first failing one is reported as is.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    slowest.push([Date.now() - opStarted, `${op.method} ${op.path}`]);
    if (result.failed)
      failures.push(
        `${op.method} ${op.path} (seed ${SEED}, path ${result.counterexamplePath})\n${(result.errorInstance as Error).message}`,
      );
  }
  const answers = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  console.info(
    `[api-fuzz] ${ops.length} operations, ${RUNS} random runs each (seed ${SEED}), ${((Date.now() - started) / 1000).toFixed(1)} s; answers ${answers}; slowest ${slowest
      .sort(([a], [b]) => b - a)
      .slice(0, 5)
      .map(([ms, name]) => `${name} ${ms} ms`)
      .join(", ")}`,
  );
  expect(failures, `seed ${SEED}; rerun with FUZZ_SEED=${SEED}`).toEqual([]);
  // About 40 s of CPU per database; the deadline is for a CI machine loaded many times over.
}, 900_000);
