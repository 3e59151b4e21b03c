import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { AppError } from "../../../contracts/errors.ts";

/** Field errors keyed by dotted path, first message wins. */
export function validationError(error: z.ZodError, where: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : where;
    fields[key] ??=
      issue.code === "invalid_type" && /received undefined$/.test(issue.message) ? `${key} is required` : issue.message;
  }
  return new AppError("validation_failed", "The request is not valid. Check the highlighted fields.", fields);
}

/** The one edge handler: AppErrors as they are, anything unknown as an opaque, logged 500. */
export function handleError(err: unknown, c: Context, log: (...args: unknown[]) => void): Response {
  if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
  if (err instanceof HTTPException) {
    const status = err.status;
    const mapped =
      status === 400
        ? new AppError("invalid_json", "The request body is not valid JSON.")
        : status === 413
          ? new AppError("payload_too_large", "The request body is too large.")
          : status === 415
            ? new AppError("unsupported_media_type", "The request body must be JSON (Content-Type: application/json).")
            : status === 401
              ? new AppError("unauthenticated", "Sign in to continue.")
              : null;
    if (mapped) return c.json(mapped.toBody(), mapped.status as 400);
  }
  const requestId = c.get("requestId") as string | undefined;
  log(`[api] ${c.req.method} ${c.req.path} failed (request ${requestId}):`, err);
  const body = new AppError(
    "internal",
    `Something went wrong on our side. Reference: ${requestId ?? "unknown"}.`,
  ).toBody();
  return c.json(body, 500);
}
