import type { Db } from "../platform/db/index.ts";
import { createAttemptLimiter, type AttemptLimit, type AttemptLimiter } from "./attempt-limiter.ts";

const MINUTE = 60_000;

/** Failed sign-ins per account before a pause, whatever address they come from. */
export const SIGN_IN_FAILURES: AttemptLimit = { kind: "sign-in:account", max: 10, windowMs: 15 * MINUTE };
/** Failed sign-ins per client address, across accounts (password spraying); offices share one. */
export const SIGN_IN_ADDRESS_FAILURES: AttemptLimit = { kind: "sign-in:address", max: 50, windowMs: 15 * MINUTE };
/** Password-reset emails per address. */
export const RESET_REQUESTS: AttemptLimit = { kind: "reset:account", max: 5, windowMs: 60 * MINUTE };
/** Sign-ups per client address refused because the email is registered (enumeration), like sign-in. */
export const SIGN_UP_REFUSALS: AttemptLimit = { kind: "sign-up:address", max: 10, windowMs: 15 * MINUTE };

export interface AuthThrottles {
  signInFailures: AttemptLimiter;
  signInAddressFailures: AttemptLimiter;
  resetRequests: AttemptLimiter;
  signUpRefusals: AttemptLimiter;
}

/** Every auth throttle, counted in the database so all API processes share them. */
export function createAuthThrottles(db: Db): AuthThrottles {
  return {
    signInFailures: createAttemptLimiter(db, SIGN_IN_FAILURES),
    signInAddressFailures: createAttemptLimiter(db, SIGN_IN_ADDRESS_FAILURES),
    resetRequests: createAttemptLimiter(db, RESET_REQUESTS),
    signUpRefusals: createAttemptLimiter(db, SIGN_UP_REFUSALS),
  };
}
