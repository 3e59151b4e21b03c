import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from "../../../contracts/endpoint.ts";
import { AppError, errorBody } from "../../../contracts/errors.ts";
import type { Actor, ApiApp, AppEnv } from "./context.ts";

export interface HandlerInput<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  actor: E["auth"] extends "user" | "admin" ? Actor : Actor | null;
  c: Context<AppEnv>;
}

export type Guard = (actor: Actor | null, auth: Endpoint["auth"]) => Promise<void>;

const errorResponse = { content: { "application/json": { schema: errorBody } }, description: "Error" };

/**
 * Registers one contract endpoint: validation (400 with field errors), the auth guard, then the
 * handler; the handler's result is checked against nothing at runtime (presenters build it) but
 * is typed from the contract.
 */
export function route<E extends Endpoint>(
  app: ApiApp,
  guard: Guard,
  e: E,
  handler: (input: HandlerInput<E>) => Promise<EndpointResponse<E>>,
): void {
  const request: RouteConfig["request"] = {};
  if (e.params) request.params = e.params as z.ZodObject;
  if (e.query) request.query = e.query as z.ZodObject;
  if (e.body)
    request.body = {
      content: { "application/json": { schema: e.body } },
      required: !e.body.safeParse(undefined).success,
    };
  const config = createRoute({
    method: e.method,
    path: e.path,
    summary: e.summary,
    tags: [e.tag],
    security: e.auth === "public" ? [] : [{ bearer: [] }],
    // Who may call it is settled before the request is validated: an anonymous caller gets 401,
    // not a list of field errors.
    middleware: [
      async (c: Context<AppEnv>, next: () => Promise<void>) => {
        await guard(c.get("actor"), e.auth);
        await next();
      },
    ],
    request,
    responses: {
      [e.status]: { content: { "application/json": { schema: e.response } }, description: e.summary },
      400: errorResponse,
      ...(e.auth === "user" || e.auth === "admin" ? { 401: errorResponse } : {}),
      ...(e.auth === "admin" ? { 403: errorResponse } : {}),
    },
  });
  // The generic handler types of @hono/zod-openapi cannot follow a route built at runtime;
  // the contract types above are what callers see.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (app as any).openapi(config, async (c: Context<AppEnv>) => {
    const actor = c.get("actor");
    // Bound: HonoRequest.valid reads a private field of the request, so it needs its `this`.
    const valid = (c.req.valid as (target: string) => unknown).bind(c.req);
    const result = await handler({
      params: (e.params ? valid("param") : undefined) as EndpointParams<E>,
      query: (e.query ? valid("query") : undefined) as EndpointQuery<E>,
      body: (e.body ? readBody(c, e) : undefined) as EndpointBody<E>,
      actor: actor as HandlerInput<E>["actor"],
      c,
    });
    if (e.status === 204) return c.body(null, 204);
    return c.json(result, e.status);
  });
}

function readBody(c: Context<AppEnv>, e: Endpoint): unknown {
  try {
    return (c.req.valid as (target: string) => unknown)("json");
  } catch {
    // An optional body that was absent: validate "nothing" against the schema.
    const parsed = e.body!.safeParse(undefined);
    if (parsed.success) return parsed.data;
    throw new AppError("validation_failed", "A JSON body is required.");
  }
}
