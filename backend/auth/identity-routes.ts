import type { ApiApp } from "../platform/http/context.ts";
import type { Auth } from "./better-auth-identity.ts";

/**
 * The identity service's (better-auth's) own HTTP endpoints that the product uses, relative to
 * /api/identity. Only these are reachable; every other path under /api/identity answers 404, so
 * its sign-up, sign-in, password and account endpoints cannot go around our auth API (signup
 * codes, throttles, terms). tests/integration/identity-surface.test.ts checks every endpoint
 * better-auth registers against this list.
 */
export const IDENTITY_ROUTES = [
  // Google returns the browser here after consent (started by POST /api/auth/google/start).
  { method: "GET", path: "/callback/:id" },
] as const;

export function registerIdentityRoutes(app: ApiApp, auth: Auth): void {
  for (const r of IDENTITY_ROUTES) {
    app.on(r.method, `/identity${r.path}`, (c) => {
      // better-auth matches its basePath (/api/identity); in-process calls arrive without /api.
      const url = new URL(c.req.url);
      if (!url.pathname.startsWith("/api/")) url.pathname = `/api${url.pathname}`;
      // better-auth reads the client's address from X-Forwarded-For: give it the one we resolved
      // (TRUST_PROXY), not whatever the client wrote there.
      const headers = new Headers(c.req.raw.headers);
      headers.delete("x-forwarded-for");
      const address = c.get("clientAddress");
      if (address) headers.set("x-forwarded-for", address);
      return auth.handler(new Request(url, { method: c.req.method, headers }));
    });
  }
}
