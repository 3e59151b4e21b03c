import http from "node:http";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT } from "../../backend/app.ts";
import type { Endpoint } from "../../contracts/endpoint.ts";
import { createAdmin } from "../helpers/factories.ts";
import { allEndpoints, concretePath } from "../helpers/contracts.ts";
import { createTestApp, type TestApp, type TestResponse } from "../helpers/test-app.ts";

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  // An admin passes every guard, so each answer below is about the input alone.
  token = (await createAdmin(app)).token;
});
afterAll(() => app?.close());

const withBody = allEndpoints().filter(({ endpoint }) => endpoint.body);
const ONE_MB = "a".repeat(1024 * 1024);

/** The object schema of a body, unwrapped from .optional(). */
function shapeOf(e: Endpoint): Record<string, z.ZodType> {
  let schema = e.body as z.ZodType;
  if (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
  if (!(schema instanceof z.ZodObject)) throw new Error(`${e.path}: body is not an object schema; extend this test`);
  return schema.shape as Record<string, z.ZodType>;
}

function send(e: Endpoint, o: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) {
  return app.request(e.method.toUpperCase(), concretePath(e), { token, ...o });
}

function expectValidationError(res: TestResponse, name: string) {
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error.code, name).toBe("validation_failed");
  expect(Object.keys(res.body.error.fields ?? {}).length, name).toBeGreaterThan(0);
}

it("covers the endpoints that take a body", () => {
  expect(withBody.map((w) => w.name)).toEqual(
    expect.arrayContaining(["auth:signUp", "auth:signIn", "auth:resetPassword", "signup-codes:createSignupCode"]),
  );
});

describe.each(withBody)("$name", ({ name, endpoint: e }) => {
  const shape = shapeOf(e);
  const required = Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);

  it("missing fields: 400 naming each", async () => {
    if (!required.length) {
      // Nothing is required: an empty object is a valid body.
      expect((await send(e, { body: {} })).status).toBeLessThan(500);
      return;
    }
    const res = await send(e, { body: {} });
    expectValidationError(res, name);
    for (const key of required) expect(res.body.error.fields[key], `${name}.${key}`).toBe(`${key} is required`);
  });

  it("wrong types: 400 with fields", async () => {
    // A number where the field takes no number, a string where it takes no string; fields that
    // take any JSON value have no wrong type and are left out.
    const wrongFor = (s: z.ZodType) =>
      !s.safeParse(12345).success ? 12345 : !s.safeParse("twelve").success ? "twelve" : undefined;
    const wrong = Object.fromEntries(
      Object.keys(shape)
        .map((k) => [k, wrongFor(shape[k])])
        .filter(([, v]) => v !== undefined),
    );
    const res = await send(e, { body: wrong });
    expectValidationError(res, name);
    for (const key of Object.keys(wrong)) expect(res.body.error.fields, `${name}.${key}`).toHaveProperty(key);
  });

  it.each([
    ["an array", "[]"],
    ["null", "null"],
    ["a string", '"hello"'],
    ["a number", "42"],
  ])("a JSON body that is %s: 400", async (_what, rawBody) => {
    const res = await send(e, { rawBody });
    expectValidationError(res, name);
  });

  it("malformed JSON: 400 invalid_json", async () => {
    const res = await send(e, { rawBody: "{bad" });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe("invalid_json");
  });

  it.each(Object.keys(shape))("a 1 MB string in %s: 400 naming it", async (key) => {
    const body = Object.fromEntries(
      Object.keys(shape).map((k) => [k, k === key ? (k === "email" ? `${ONE_MB}@example.com` : ONE_MB) : "x"]),
    );
    const res = await send(e, { body });
    expectValidationError(res, name);
    expect(res.body.error.fields, `${name}.${key}`).toHaveProperty(key);
  });

  it(`a body over ${JSON_BODY_LIMIT / 1024 / 1024} MB: 413`, async () => {
    const res = await postOwnConnection(concretePath(e), JSON.stringify({ email: "a".repeat(JSON_BODY_LIMIT + 1) }));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error.code).toBe("payload_too_large");
  });

  it("a body that is not JSON: 4xx", async () => {
    const res = await send(e, {
      rawBody: "email=a@b.co&password=secret-1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toEqual(expect.any(String));
  });
});

/**
 * POSTs on a connection of its own: the server answers 413 and drops the connection before the
 * body is read, which must not break the next test's pooled fetch connection.
 */
function postOwnConnection(
  path: string,
  body: string,
  o: { chunked?: boolean } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${token}` };
    if (o.chunked) headers["transfer-encoding"] = "chunked";
    else headers["content-length"] = String(Buffer.byteLength(body));
    const req = http.request(new URL(path, app.url), { method: "POST", headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // The server may answer and close before the whole body is written.
    req.on("error", (err: NodeJS.ErrnoException) =>
      err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err),
    );
    if (!o.chunked) return void req.end(body);
    const chunk = 256 * 1024;
    for (let at = 0; at < body.length; at += chunk) req.write(body.slice(at, at + chunk));
    req.end();
  });
}

describe("oversize bodies without a Content-Length", () => {
  it("a chunked body over the limit is cut off with 413", async () => {
    const res = await postOwnConnection("/auth/sign-in", JSON.stringify({ email: "a".repeat(JSON_BODY_LIMIT + 1) }), {
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error.code).toBe("payload_too_large");
  });
});

describe("no answer is ever a 500", () => {
  it("across odd inputs to every endpoint", async () => {
    const oddBodies = [
      undefined,
      "",
      "{}",
      "{bad",
      "[1,2]",
      '{"email":{"$gt":""}}',
      '{"__proto__":{"admin":true}}',
      "\u0000",
    ];
    for (const { name, endpoint: e } of allEndpoints()) {
      for (const rawBody of oddBodies) {
        for (const t of [undefined, token, "bogus-token"]) {
          const res = await app.request(e.method.toUpperCase(), concretePath(e, "x/../y"), {
            rawBody: e.method === "get" ? undefined : rawBody,
            token: t,
          });
          expect(
            res.status,
            `${name} ${JSON.stringify(rawBody)} token=${t ? "set" : "none"}: ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
          expect(res.body === null || typeof res.body === "object", `${name}: JSON answer`).toBe(true);
        }
      }
    }
    // ~1,500 requests (every endpoint x 8 bodies x 3 tokens): minutes on a loaded machine.
  }, 180_000);
});
