import crypto from "node:crypto";
import { AppError } from "../../contracts/errors.ts";
import type { Db } from "../platform/db/index.ts";
import * as repo from "./repo.ts";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

export interface AttemptLimit {
  /** Names the throttle in the auth_attempts table. */
  kind: string;
  max: number;
  windowMs: number;
}

export interface AttemptLimiter {
  /**
   * Counts one attempt for `key` and throws auth/too-many-requests when that makes more than
   * `max` inside the window (the refused attempt is not kept). Returns the attempt's id, for
   * `forget` when it turns out not to count.
   */
  take(key: string): Promise<string>;
  /** Un-counts one attempt (a sign-in that succeeded is no failure). */
  forget(attemptId: string): Promise<void>;
  /** Clears every attempt of `key`. */
  reset(key: string): Promise<void>;
}

/** How often each process deletes rows older than their window. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A sliding-window throttle kept in the database (auth_attempts), so every API process and
 * restart sees the same counts. Counting first and checking after means attempts racing each
 * other cannot all slip under the limit.
 */
export function createAttemptLimiter(db: Db, limit: AttemptLimit, o: { now?: () => number } = {}): AttemptLimiter {
  const now = o.now ?? Date.now;
  const k = db.kysely;
  let lastSweep = 0;

  const sweep = async () => {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    const cutoff = new Date(now() - limit.windowMs).toISOString();
    await repo.deleteAttemptsBefore(k, { kind: limit.kind, cutoff });
  };

  return {
    async take(key) {
      await sweep();
      const id = crypto.randomUUID();
      await repo.insertAttempt(k, { id, kind: limit.kind, key, created_at: new Date(now()).toISOString() });
      const since = new Date(now() - limit.windowMs).toISOString();
      if ((await repo.countAttempts(k, { kind: limit.kind, key, since })) > limit.max) {
        await repo.deleteAttempt(k, id);
        throw new AppError("auth/too-many-requests", TOO_MANY_ATTEMPTS);
      }
      return id;
    },
    async forget(attemptId) {
      await repo.deleteAttempt(k, attemptId);
    },
    async reset(key) {
      await repo.deleteAttemptsOf(k, { kind: limit.kind, key });
    },
  };
}
