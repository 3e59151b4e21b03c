import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAppConfig, getHealth, getVersion } from "../../contracts/system.ts";
import { allEndpoints, allRawEndpoints } from "../helpers/contracts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { testDialect } from "../helpers/test-db.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("system endpoints", () => {
  it("GET /health answers 200 with the dialect under test", async () => {
    const res = await app.api(getHealth, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: testDialect() });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toEqual(expect.any(String));
  });

  it("GET /version has commit_hash and release_tag strings", async () => {
    const res = await app.api(getVersion, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ commit_hash: expect.any(String), release_tag: expect.any(String) });
    expect(res.body.commit_hash).not.toBe("");
  });

  it("GET /app-config has the public settings", async () => {
    const res = await app.api(getAppConfig, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      requireSignupCode: false,
      googleEnabled: false,
      productName: "Analyst Workspace",
      supportEmail: "support@example.com",
    });
  });

  it("an unknown API path answers 404 JSON", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["POST", "/auth/nope"],
      ["DELETE", "/users/me"],
    ]) {
      const res = await app.request(method, path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body.error.code).toBe("not_found");
    }
  });
});

describe("GET /openapi.json", () => {
  const endpoints = allEndpoints();

  it("finds the contract endpoints", () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(16);
  });

  it("documents every endpoint exported from contracts/*.ts, and nothing else", async () => {
    const res = await app.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    const declared = [
      ...endpoints.map(({ endpoint: e }) => `${e.method} ${e.path}`),
      ...allRawEndpoints().map((e) => `${e.method} ${e.path}`),
    ];
    expect(documented.sort()).toEqual([...new Set(declared)].sort());
    for (const { endpoint: e } of endpoints)
      expect(Object.keys(paths[e.path][e.method].responses)).toContain(String(e.status));
  });

  it("every endpoint is served (none answers the catch-all 404)", async () => {
    for (const { name, endpoint: e } of endpoints) {
      const res = await app.request(e.method.toUpperCase(), e.path.replace(/\{[^}]+\}/g, "X"));
      expect(res.status, name).toBeLessThan(500);
      // A 404 from the endpoint itself (no such workspace "X") is fine; the catch-all's is not.
      if (res.status === 404) expect(res.body.error.message, name).not.toMatch(/^No API route/);
    }
    for (const e of allRawEndpoints()) {
      const res = await app.request(e.method.toUpperCase(), e.path.replace(/\{[^}]+\}/g, "X"));
      expect(res.status, e.path).toBeLessThan(500);
      if (res.status === 404) expect(res.body.error.message, e.path).not.toMatch(/^No API route/);
    }
  });
});
