import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import { usedBytes } from "./repo.ts";

/** How long a reserved (not yet finalized) upload counts against the quota. */
export const UPLOAD_URL_TTL_SECONDS = 60 * 60;

/** 1 GB = 1024^3 bytes (spec section 9); small amounts in MB or KB so they don't read "0.00 GB". */
export function formatBytes(n: number): string {
  const units = [
    ["GB", 1024 ** 3],
    ["MB", 1024 ** 2],
    ["KB", 1024],
  ] as const;
  for (const [unit, size] of units) if (n >= size) return `${(n / size).toFixed(2)} ${unit}`;
  return `${n} bytes`;
}

export async function storageOf(deps: Deps, userId: string) {
  return { used_storage: await usedBytes(deps.db.kysely, userId), storage_quota: deps.config.STORAGE_QUOTA_BYTES };
}

/**
 * Refuses an upload that would take the user past the quota. `when` decides the answer:
 * 413 before bytes move (generate_upload_url), 422 once they have (finalize).
 */
export async function assertQuota(deps: Deps, o: { userId: string; addBytes: number; when: "reserve" | "finalize" }) {
  const quota = deps.config.STORAGE_QUOTA_BYTES;
  const since = new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  const used = await usedBytes(deps.db.kysely, o.userId, o.when === "reserve" ? { includePendingSince: since } : {});
  if (used + o.addBytes > quota) {
    throw new AppError(
      o.when === "reserve" ? "payload_too_large" : "unprocessable",
      `Not enough storage: this file needs ${formatBytes(o.addBytes)} and you have ${formatBytes(Math.max(0, quota - used))} of ${formatBytes(quota)} left. Delete files or upgrade your plan.`,
    );
  }
  if (o.addBytes > deps.config.MAX_UPLOAD_BYTES) {
    throw new AppError("payload_too_large", `Files can be at most ${formatBytes(deps.config.MAX_UPLOAD_BYTES)}.`);
  }
}
