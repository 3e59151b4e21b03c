import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDENTITY_ROUTES } from "../../backend/auth/identity-routes.ts";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as authApi from "../../contracts/auth.ts";

// better-auth's endpoints, as its own router would serve them under /api/identity.
type BetterAuthEndpoint = { path?: string; options?: { method?: string | string[] } };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    REQUIRE_SIGNUP_CODE: "true",
    GOOGLE_CLIENT_ID: "test-client-id.apps.example",
    GOOGLE_CLIENT_SECRET: "test-secret",
  });
});
afterAll(() => app?.close());

function registered(): { name: string; method: string; path: string }[] {
  const found: { name: string; method: string; path: string }[] = [];
  for (const [name, value] of Object.entries(app.backend.auth!.api as Record<string, BetterAuthEndpoint>)) {
    // Server-only endpoints (no path) have no HTTP route at all.
    if (!value?.path) continue;
    const methods = value.options?.method ?? "GET";
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      for (const m of method === "*" ? ["GET", "POST"] : [method]) found.push({ name, method: m, path: value.path });
    }
  }
  return found;
}

const allowed = (method: string, path: string) => IDENTITY_ROUTES.some((r) => r.method === method && r.path === path);

describe("the identity service's own endpoints", () => {
  it("are all accounted for: better-auth still registers its sign-up, sign-in and callback", () => {
    const paths = registered().map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /sign-up/email",
        "POST /sign-in/email",
        "GET /callback/:id",
        "POST /change-password",
      ]),
    );
    for (const r of IDENTITY_ROUTES) expect(paths).toContain(`${r.method} ${r.path}`);
  });

  it("answer 404 unless exposed on purpose", async () => {
    const refused: string[] = [];
    for (const e of registered()) {
      if (allowed(e.method, e.path)) continue;
      const path = `/identity${e.path.replace(/:(\w+)/g, "x")}`;
      const res = await app.request(
        e.method,
        path,
        e.method === "GET"
          ? {}
          : { body: { email: uniqueEmail("probe"), password: "correct-horse-1", name: "x", provider: "google" } },
      );
      expect({ endpoint: `${e.method} ${e.path}`, status: res.status, code: res.body?.error?.code }).toEqual({
        endpoint: `${e.method} ${e.path}`,
        status: 404,
        code: "not_found",
      });
      refused.push(e.name);
    }
    expect(refused.length).toBeGreaterThan(20);
  });

  it("do not let POST /api/identity/sign-up/email create an account without a code", async () => {
    const email = uniqueEmail("bypass");
    const res = await app.request("POST", "/identity/sign-up/email", {
      body: { email, password: "correct-horse-1", name: "Mallory" },
    });
    expect(res.status).toBe(404);
    expect(res.body.token).toBeUndefined();
    expect(await app.deps.identity.findUserByEmail(email)).toBeNull();
  });

  it("would refuse to create a user outside our sign-up even if an endpoint were exposed", async () => {
    const email = uniqueEmail("direct");
    await expect(
      app.backend.auth!.api.signUpEmail({ body: { email, password: "correct-horse-1", name: "" } }),
    ).rejects.toThrow(/signup code is required/);
    expect(await app.deps.identity.findUserByEmail(email)).toBeNull();
    // Our sign-up, with a code, still creates accounts.
    expect((await createUser(app)).token).toEqual(expect.any(String));
  });

  it("keep other methods and unknown paths under /identity refused", async () => {
    for (const [method, path] of [
      ["POST", "/identity/callback/google"],
      ["DELETE", "/identity/callback/google"],
      ["GET", "/identity/nope"],
      ["GET", "/identity"],
    ] as const) {
      const res = await app.request(method, path);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
  });

  it("serve the OAuth callback, which sends a bad state back to our sign-in page", async () => {
    const res = await fetch(`${app.url}/identity/callback/google?state=forged&code=x`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?error=/);
  });
});

describe("POST /api/auth/google/start", () => {
  it("answers Google's URL with our callback, and sets the OAuth state cookie", async () => {
    const res = await app.api(authApi.startGoogleSignIn, { body: { returnTo: "/library" } });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/identity/callback/google");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(res.headers.getSetCookie().some((c) => c.includes("better-auth.state"))).toBe(true);
  });

  it.each(["//evil.example/", "/\\evil.example", "https://evil.example/", ""])(
    "refuses returnTo %j",
    async (returnTo) => {
      const res = await app.api(authApi.startGoogleSignIn, { body: { returnTo } });
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe("validation_failed");
    },
  );

  it("is 404 when Google is not configured", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.request("POST", "/auth/google/start", { body: { returnTo: "/library" } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    } finally {
      await plain.close();
    }
  });
});
