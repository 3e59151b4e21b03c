import type { MiddlewareHandler } from "hono";
import { AppError } from "../../contracts/errors.ts";

/**
 * Body types a route accepts. A JSON route must not read a `text/plain` body as JSON: that is
 * what a cross-site HTML form can send without a CORS preflight.
 */
const TYPES = {
  json: ["application/json"],
  multipart: ["multipart/form-data"],
  form: ["application/x-www-form-urlencoded", "multipart/form-data"],
} as const;

export type BodyKind = keyof typeof TYPES;

function mediaType(request: Request): string | null {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() || null;
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return request.headers.has("transfer-encoding") || (length !== null && length !== "0");
}

/**
 * The 415 error when the request's body is not of `kind`, else null. A request without a body
 * and without a content type passes (e.g. regenerate without a model); the route's own parsing
 * refuses a missing body it needs.
 */
export function unsupportedBody(request: Request, kind: BodyKind): AppError | null {
  const type = mediaType(request);
  if (type === null && !hasBody(request)) return null;
  if (type !== null && (TYPES[kind] as readonly string[]).includes(type)) return null;
  const expected = TYPES[kind].join(" or ");
  return new AppError("unsupported_media_type", `The request body must be ${expected}.`);
}

/** For resource routes: a JSON error Response (415) to return, or null to go on. */
export function requireBody(request: Request, kind: BodyKind): Response | null {
  const err = unsupportedBody(request, kind);
  return err ? Response.json(err.toBody(), { status: err.status }) : null;
}

/**
 * Page actions (every non-GET outside /resources and /api) read `request.formData()`: they take
 * form bodies only, so JSON or text never reaches a form parser that would fail with a 500.
 */
export function formActionsOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (
      c.req.method === "GET" ||
      c.req.method === "HEAD" ||
      c.req.path.startsWith("/resources/") ||
      c.req.path.startsWith("/api/")
    )
      return next();
    const err = unsupportedBody(c.req.raw, "form");
    return err ? c.json(err.toBody(), 415) : next();
  };
}
