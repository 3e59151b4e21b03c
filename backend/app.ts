import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../contracts/errors.ts";
import { registerAgentRoutes } from "./agent/routes.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerIdentityRoutes } from "./auth/identity-routes.ts";
import { registerBillingAccountRoutes } from "./billing/account-routes.ts";
import { registerBillingRoutes } from "./billing/routes.ts";
import { registerStripeRoutes } from "./billing/stripe-routes.ts";
import { registerEdgarRoutes } from "./edgar/routes.ts";
import type { Auth } from "./auth/better-auth-identity.ts";
import type { Deps } from "./deps.ts";
import type { AppEnv } from "./platform/http/context.ts";
import { clientAddress, inProcessClientAddress, trustedProxies } from "./platform/http/client-address.ts";
import { handleError, validationError } from "./platform/http/errors.ts";
import { isStreamedRequest } from "./platform/http/raw-route.ts";
import type { Guard } from "./platform/http/route.ts";
import { assertStorableText } from "./platform/http/storable-text.ts";
import { registerSignupCodeRoutes } from "./signup-codes/routes.ts";
import { registerSnapshotRoutes } from "./snapshots/routes.ts";
import { registerExampleRoutes } from "./examples/routes.ts";
import { registerSystemRoutes } from "./system/routes.ts";
import { registerThreadFileRoutes } from "./thread-files/routes.ts";
import { registerThreadRoutes } from "./threads/routes.ts";
import { registerBlobRoutes } from "./platform/blobs/routes.ts";
import { receiveUpload } from "./files/upload.ts";
import { registerFileRoutes } from "./files/routes.ts";
import { registerSearchRoutes } from "./search/routes.ts";
import { registerLibraryRoutes } from "./library/routes.ts";
import { registerWorkspaceRoutes } from "./workspaces/routes.ts";

const API_SECURITY_HEADERS = [
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["referrer-policy", "no-referrer"],
] as const;

/** JSON bodies above this are refused with 413 before they are parsed. */
export const JSON_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The API service. Paths here are relative to /api; the returned app is mounted there by
 * server.ts (and called in-process by the web tier's API client).
 */
export function createApi(deps: Deps, auth?: Auth): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
      // Valid by its schema, but text must also be storable (see storable-text.ts).
      assertStorableText(result.data, result.target === "json" ? "body" : result.target);
    },
  });

  const proxies = trustedProxies(deps.config.TRUST_PROXY);
  app.use("*", async (c, next) => {
    c.set("requestId", c.req.header("x-request-id") ?? crypto.randomUUID());
    // Over HTTP the socket's peer decides whether X-Forwarded-For is believed (TRUST_PROXY). A
    // request without a socket came in-process from our own web tier, which resolved the
    // client's address the same way and sent it as the only X-Forwarded-For.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const forwardedFor = c.req.header("x-forwarded-for");
    c.set(
      "clientAddress",
      incoming
        ? clientAddress(incoming.socket.remoteAddress, forwardedFor, proxies)
        : inProcessClientAddress(forwardedFor),
    );
    await next();
    c.header("x-request-id", c.get("requestId"));
    c.header("cache-control", c.res.headers.get("cache-control") ?? "no-store");
    // JSON and bytes, never a page: nothing here may be sniffed, framed or run script. A route
    // with its own policy (a file's sandboxed content) keeps it.
    for (const [name, value] of API_SECURITY_HEADERS) if (!c.res.headers.has(name)) c.header(name, value);
  });

  // Byte uploads (signed PUTs, multipart files) stream to storage with their own limits: the
  // raw endpoints declared `streamed`, registered below.
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError("payload_too_large", `The request body is larger than ${JSON_BODY_LIMIT / 1024 / 1024} MB.`);
    },
  });
  app.use("*", (c, next) => (isStreamedRequest(app, c.req.method, c.req.path) ? next() : jsonLimit(c, next)));

  // Who is asking: every request authenticates itself from its bearer token; nothing is trusted
  // from the web tier.
  app.use("*", async (c, next) => {
    const header = c.req.header("authorization");
    c.set("actor", null);
    if (header?.toLowerCase().startsWith("bearer ")) {
      const token = header.slice(7).trim();
      const user = token ? await deps.identity.getSession(token) : null;
      if (!user) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
      c.set("actor", { user, token });
    }
    await next();
  });

  const guard: Guard = async (actor, auth) => {
    if (auth === "public" || auth === "optional") return;
    if (!actor) throw new AppError("unauthenticated", "Sign in to continue.");
    if (auth === "admin" && !(await deps.admin.isAdmin(actor.user))) {
      throw new AppError("auth/admin-required", "You don't have permission to access the admin area.");
    }
  };

  registerSystemRoutes(app, guard, deps);
  registerAuthRoutes(app, guard, deps);
  registerSignupCodeRoutes(app, guard, deps);
  registerBillingRoutes(app, guard, deps);
  registerBillingAccountRoutes(app, guard, deps);
  registerStripeRoutes(app, guard, deps);
  registerBlobRoutes(app, guard, deps, (o) => receiveUpload(deps, o));
  registerWorkspaceRoutes(app, guard, deps);
  registerThreadRoutes(app, guard, deps);
  registerFileRoutes(app, guard, deps);
  registerSearchRoutes(app, guard, deps);
  registerLibraryRoutes(app, guard, deps);
  registerAgentRoutes(app, guard, deps);
  registerThreadFileRoutes(app, guard, deps);
  registerSnapshotRoutes(app, guard, deps);
  registerExampleRoutes(app, guard, deps);
  registerEdgarRoutes(app, guard, deps);

  // Only the identity routes the product uses (the OAuth callback); the rest of /identity is 404.
  if (auth) registerIdentityRoutes(app, auth);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: `${deps.config.PRODUCT_NAME} API`, version: "0.1.0" },
    servers: [{ url: "/api" }],
  });

  // Mounted under /api by server.ts, an unknown path would fall through to the web app's HTML 404.
  const notFound = (c: Context) =>
    c.json(new AppError("not_found", `No API route ${c.req.method} ${c.req.path}.`).toBody(), 404);
  app.all("*", notFound);
  app.notFound(notFound);
  app.onError((err, c) => handleError(err, c, deps.log.error));
  return app;
}
