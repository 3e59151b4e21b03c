import { z } from "zod";

/**
 * Every error the API can answer with: stable code -> HTTP status. The table is the single
 * source of truth; `satisfies` makes an unknown code a compile error on both sides.
 */
export const errorStatus = {
  validation_failed: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  "auth/invalid-credential": 401,
  "auth/user-not-found": 404,
  "auth/invalid-email": 400,
  "auth/email-already-in-use": 409,
  "auth/weak-password": 400,
  "auth/signup-code-required": 403,
  "auth/invalid-signup-code": 403,
  "auth/invalid-action-code": 400,
  "auth/account-suspended": 403,
  "auth/admin-required": 403,
  "auth/too-many-requests": 429,
  "auth/user-disabled": 403,
  "files/not-failed": 409,
  "files/not-indexed": 409,
  "agent/unknown-model": 400,
  "agent/still-streaming": 409,
  "agent/no-question": 409,
  "agent/confirmation-closed": 409,
  "thread-files/missing-version-id": 400,
  "thread-files/transfer-target": 400,
  "thread-files/version-and-original": 400,
  "thread-files/different-files": 400,
  "thread-files/unreadable": 422,
  "csrf/origin-mismatch": 403,
  "edgar/not-configured": 503,
  "edgar/throttled": 503,
  "edgar/not-found": 404,
  "billing/not-enabled": 409,
  "billing/no-plan": 402,
  "billing/insufficient-credits": 402,
  "billing/storage-exceeded": 413,
  "billing/unknown-price": 400,
  "billing/already-subscribed": 409,
  "billing/trial-used": 409,
  "billing/no-subscription": 404,
  "billing/provider-unavailable": 503,
  "billing/bad-signature": 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The one error type, thrown by the backend and rebuilt by the API client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }

  static fromBody(body: unknown, status: number): AppError {
    const parsed = errorBody.safeParse(body);
    if (!parsed.success)
      return new AppError(status >= 500 ? "internal" : "bad_gateway", `Unexpected response (HTTP ${status})`);
    const { code, message, fields } = parsed.data.error;
    const known = code in errorStatus ? (code as ErrorCode) : status >= 500 ? "internal" : "validation_failed";
    return new AppError(known, message, fields);
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
