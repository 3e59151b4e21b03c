import type { Context } from "hono";
import { z } from "zod";
import type { RawEndpoint } from "../../../contracts/raw-endpoints.ts";
import { AppError } from "../../../contracts/errors.ts";
import { errorBody } from "../../../contracts/errors.ts";
import type { Actor, ApiApp, AppEnv } from "./context.ts";
import { validationError } from "./errors.ts";
import { assertStorableText } from "./storable-text.ts";
import type { Guard } from "./route.ts";

export const MIXED_REQUEST = "A request cannot mix form data with JSON data or params.";

/** Registers a non-JSON endpoint: documented in OpenAPI, guarded like the others, handled by hand. */
export function rawRoute<P extends Record<string, string>>(
  app: ApiApp,
  guard: Guard,
  e: RawEndpoint,
  handler: (o: { c: Context<AppEnv>; actor: Actor | null; params: P; query: Record<string, unknown>; body: unknown }) => Promise<Response>,
): void {
  const formSchema = e.form
    ? z.object(Object.fromEntries(Object.entries(e.form).map(([k, f]) => [k, (f.binary ? z.string().meta({ format: "binary" }) : z.string()).describe(f.description).optional()])))
    : undefined;
  app.openAPIRegistry.registerPath({
    method: e.method,
    path: e.path,
    summary: e.summary,
    tags: [e.tag],
    security: e.auth === "public" ? [] : [{ bearer: [] }],
    request: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(formSchema ? { body: { content: { "multipart/form-data": { schema: formSchema } }, required: true } } : {}),
      ...(e.binaryBody ? { body: { content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } }, required: true } } : {}),
      ...(e.jsonBody ? { body: { content: { "application/json": { schema: e.jsonBody } }, required: true } } : {}),
    },
    responses: {
      [e.response.status]: { description: e.response.description, content: { [e.response.contentType]: { schema: e.response.schema ?? z.string().meta({ format: "binary" }) } } },
      400: { description: "Error", content: { "application/json": { schema: errorBody } } },
    },
  });
  const honoPath = e.path.replace(/\{(\w+)\}/g, ":$1");
  app.on(e.method.toUpperCase(), honoPath, async (c) => {
    const actor = c.get("actor");
    await guard(actor, e.auth);
    if (e.form) assertFormRequest(c);
    let params = c.req.param() as P;
    if (e.params) {
      const parsed = e.params.safeParse(params);
      if (!parsed.success) throw validationError(parsed.error, "params");
      params = parsed.data as P;
    }
    let query: Record<string, unknown> = {};
    if (e.query) {
      const parsed = e.query.safeParse(c.req.query());
      if (!parsed.success) throw validationError(parsed.error, "query");
      query = parsed.data as Record<string, unknown>;
    }
    let body: unknown;
    if (e.jsonBody) {
      const text = await c.req.text();
      let raw: unknown;
      try {
        raw = text.trim() === "" ? undefined : JSON.parse(text);
      } catch {
        throw new AppError("validation_failed", "The request body must be valid JSON.");
      }
      const parsed = e.jsonBody.safeParse(raw);
      if (!parsed.success) {
        if (raw === undefined) throw new AppError("validation_failed", "A JSON body is required.");
        throw validationError(parsed.error, "body");
      }
      body = parsed.data;
    }
    // What the handler gets must be storable text too (see storable-text.ts).
    assertStorableText(params, "params");
    assertStorableText(query, "query");
    assertStorableText(body, "body");
    return handler({ c, actor, params, query, body });
  });
}

/** Form endpoints take form data only: no JSON body and no query parameters alongside it. */
export function assertFormRequest(c: Context<AppEnv>): void {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const isForm = type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
  if (!isForm) {
    throw new AppError("unsupported_media_type", type.includes("json") ? MIXED_REQUEST : "Send this request as form data (multipart/form-data).");
  }
  if (new URL(c.req.url).search.length > 1) throw new AppError("validation_failed", MIXED_REQUEST);
}
