import { AppError } from "../../contracts/errors.ts";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts attempts per key (an email address) in a sliding window and refuses once `max` is
 * reached. In memory, per API process: enough to stop password guessing against one account on
 * a single node; a shared store is the scale path.
 */
export function createAttemptLimiter(o: { max: number; windowMs: number; now?: () => number }) {
  const now = o.now ?? Date.now;
  const hits = new Map<string, number[]>();
  const recent = (key: string) => (hits.get(key) ?? []).filter((t) => t > now() - o.windowMs);
  return {
    /** Throws auth/too-many-requests when the key has used up its attempts. */
    check(key: string): void {
      const list = recent(key);
      if (list.length) hits.set(key, list);
      else hits.delete(key);
      if (list.length >= o.max) throw new AppError("auth/too-many-requests", TOO_MANY_ATTEMPTS);
    },
    record(key: string): void {
      hits.set(key, [...recent(key), now()]);
      // Keep the map from growing without bound under a spray of distinct keys.
      if (hits.size > 100_000) hits.delete(hits.keys().next().value!);
    },
    reset(key: string): void {
      hits.delete(key);
    },
  };
}
