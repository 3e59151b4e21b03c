import type { Context } from "hono";
import { z } from "zod";
import type { Auth, RawBody, RawEndpoint, RawForm, RawParams, RawQuery } from "../../../contracts/endpoint.ts";
import { AppError } from "../../../contracts/errors.ts";
import { errorBody } from "../../../contracts/errors.ts";
import type { Actor, ApiApp, AppEnv } from "./context.ts";
import { validationError } from "./errors.ts";
import { readFormFields } from "./multipart.ts";
import { assertStorableText } from "./storable-text.ts";
import type { Guard } from "./route.ts";

export const MIXED_REQUEST = "A request cannot mix form data with JSON data or params.";

/** What a raw endpoint's handler gets: the request's parts, validated by its declaration. */
export interface RawHandlerInput<E extends RawEndpoint> {
  c: Context<AppEnv>;
  /** Signed in on "user" and "admin" endpoints (the guard has run). */
  actor: E["auth"] extends "user" | "admin" ? Actor : Actor | null;
  params: RawParams<E>;
  query: RawQuery<E>;
  body: RawBody<E>;
  /** The form's text fields, read and validated before the handler runs; a `streamed` handler
   *  reads its form itself and validates the fields with `parseForm`. */
  form: NonNullable<E["streamed"]> extends true ? undefined : RawForm<E>;
}

/** Each app's `streamed` endpoints, as a method and a path pattern (with or without /api). */
const streamedRequests = new WeakMap<ApiApp, { method: string; path: RegExp }[]>();

/** Whether a request goes to an endpoint declared `streamed`, whose body has its own limit. */
export function isStreamedRequest(app: ApiApp, method: string, path: string): boolean {
  return (streamedRequests.get(app) ?? []).some((r) => r.method === method && r.path.test(path));
}

/** Registers a non-JSON endpoint: documented in OpenAPI, guarded like the others, handled by hand. */
export function rawRoute<E extends RawEndpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, Auth, boolean>>(
  app: ApiApp,
  guard: Guard,
  e: E,
  handler: (o: RawHandlerInput<E>) => Promise<Response>,
): void {
  if (e.streamed) {
    // Requests arrive with /api in front when mounted by server.ts, without it in-process. (Paths
    // are letters, digits, _ - / and {params}: nothing else needs escaping.)
    const path = new RegExp(`^(?:/api)?${e.path.replace(/\{\w+\}/g, "[^/]+")}$`);
    streamedRequests.set(app, [...(streamedRequests.get(app) ?? []), { method: e.method.toUpperCase(), path }]);
  }
  const formSchema = e.form || e.file ? documentedForm(e) : undefined;
  app.openAPIRegistry.registerPath({
    method: e.method,
    path: e.path,
    summary: e.summary,
    tags: [e.tag],
    security: e.auth === "public" ? [] : [{ bearer: [] }],
    request: {
      ...(e.params ? { params: e.params as z.ZodObject } : {}),
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
      ...(formSchema ? { body: { content: { "multipart/form-data": { schema: formSchema } }, required: true } } : {}),
      ...(e.binaryBody
        ? {
            body: {
              content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
              required: true,
            },
          }
        : {}),
      ...(e.jsonBody ? { body: { content: { "application/json": { schema: e.jsonBody } }, required: true } } : {}),
    },
    responses: {
      [e.response.status]: {
        description: e.response.description,
        content: { [e.response.contentType]: { schema: e.response.schema ?? z.string().meta({ format: "binary" }) } },
      },
      400: { description: "Error", content: { "application/json": { schema: errorBody } } },
    },
  });
  const honoPath = e.path.replace(/\{(\w+)\}/g, ":$1");
  app.on(e.method.toUpperCase(), honoPath, async (c) => {
    const actor = c.get("actor");
    await guard(actor, e.auth);
    if (formSchema) assertFormRequest(c);
    let params: unknown = c.req.param();
    if (e.params) {
      const parsed = e.params.safeParse(params);
      if (!parsed.success) throw validationError(parsed.error, "params");
      params = parsed.data;
    }
    let query: unknown;
    if (e.query) {
      const parsed = e.query.safeParse(c.req.query());
      if (!parsed.success) throw validationError(parsed.error, "query");
      query = parsed.data;
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
    const form = e.form && !e.streamed ? parseForm(e.form, await readFormFields(c)) : undefined;
    return handler({ c, actor, params, query, body, form } as RawHandlerInput<E>);
  });
}

/** Validates a form's text fields (already storable text: see readFormFields) with its schema. */
export function parseForm<F extends z.ZodType>(schema: F, fields: Record<string, string>): z.output<F> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error, "form");
  return parsed.data;
}

/** The form as OpenAPI shows it: the binary part first, then each text field as an optional string with its description. */
function documentedForm(e: RawEndpoint): z.ZodObject {
  const fields = e.form instanceof z.ZodObject ? Object.entries(e.form.shape as Record<string, z.ZodType>) : [];
  return z.object({
    ...(e.file ? { file: z.string().meta({ format: "binary" }).describe(e.file.description).optional() } : {}),
    ...Object.fromEntries(
      fields.map(([k, f]) => [
        k,
        z
          .string()
          .describe(f.description ?? "")
          .optional(),
      ]),
    ),
  });
}

/** Form endpoints take form data only: no JSON body and no query parameters alongside it. */
export function assertFormRequest(c: Context<AppEnv>): void {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const isForm = type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
  if (!isForm) {
    throw new AppError(
      "unsupported_media_type",
      type.includes("json") ? MIXED_REQUEST : "Send this request as form data (multipart/form-data).",
    );
  }
  if (new URL(c.req.url).search.length > 1) throw new AppError("validation_failed", MIXED_REQUEST);
}
