import { AppError } from "../../contracts/errors.ts";
import { entitlementsOf } from "../billing/entitlements.ts";
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

/** Used storage and the quota: the plan's with billing on, STORAGE_QUOTA_BYTES with it off. */
export async function storageOf(deps: Deps, userId: string) {
  const { storageQuotaBytes } = await entitlementsOf(deps, userId);
  return { used_storage: await usedBytes(deps.db.kysely, userId), storage_quota: storageQuotaBytes };
}

/**
 * Refuses an upload that would take the user past the quota. Billing on: the plan's quota, 413
 * billing/storage-exceeded (no plan: no storage). Billing off: STORAGE_QUOTA_BYTES, and `when`
 * decides the answer: 413 before bytes move (generate_upload_url), 422 once they have (finalize).
 */
export async function assertQuota(deps: Deps, o: { userId: string; addBytes: number; when: "reserve" | "finalize" }) {
  const ent = await entitlementsOf(deps, o.userId);
  const quota = ent.storageQuotaBytes;
  const since = new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  const used = await usedBytes(deps.db.kysely, o.userId, o.when === "reserve" ? { includePendingSince: since } : {});
  if (used + o.addBytes > quota) {
    if (ent.billingEnabled) throw planStorageExceeded(ent.plan, ent.planName, used, o.addBytes, quota);
    throw new AppError(
      o.when === "reserve" ? "payload_too_large" : "unprocessable",
      `Not enough storage: this file needs ${formatBytes(o.addBytes)} and you have ${formatBytes(Math.max(0, quota - used))} of ${formatBytes(quota)} left. Delete files or upgrade your plan.`,
    );
  }
  if (o.addBytes > deps.config.MAX_UPLOAD_BYTES) {
    throw new AppError("payload_too_large", `Files can be at most ${formatBytes(deps.config.MAX_UPLOAD_BYTES)}.`);
  }
}

function planStorageExceeded(plan: string | null, planName: string | null, used: number, add: number, quota: number) {
  if (!plan) {
    return new AppError(
      "billing/storage-exceeded",
      "You have no plan, so you have no storage to upload files to. Subscribe on the Subscription page to get storage and credits.",
    );
  }
  return new AppError(
    "billing/storage-exceeded",
    `Not enough storage on your ${planName} plan: this file needs ${formatBytes(add)} and you have ${formatBytes(Math.max(0, quota - used))} of ${formatBytes(quota)} left. Delete files or upgrade your plan on the Subscription page.`,
  );
}

/**
 * Billing on: refuses a server-side arrival (URL import, Drive, transfers) before its bytes are
 * stored, when the user has no plan or the size it announces (0 when unknown) does not fit.
 * The real size is checked again once the bytes are in (assertQuota). Billing off: nothing here.
 */
export async function assertRoomBeforeStoring(deps: Deps, o: { userId: string; expectedBytes: number }) {
  const ent = await entitlementsOf(deps, o.userId);
  if (!ent.billingEnabled) return;
  const used = await usedBytes(deps.db.kysely, o.userId);
  const add = Math.max(0, o.expectedBytes);
  if (ent.storageQuotaBytes === 0 || used + add > ent.storageQuotaBytes)
    throw planStorageExceeded(ent.plan, ent.planName, used, add, ent.storageQuotaBytes);
}
