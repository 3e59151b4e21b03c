import { sql } from "kysely";
import type { Executor } from "../platform/db/index.ts";

/**
 * The edgar domain's tables: `edgar_rate` (the request pacing every process shares) and
 * `edgar_cache` (EDGAR's JSON answers until they expire).
 */

/**
 * Takes the next request slot of the `budget` ("sec"): the later of now and the row's next free
 * time, moving it `intervalMs` on in the same statement, so two processes never get one slot.
 * Returns when the request may leave (ms since the epoch).
 */
export async function takeRequestSlot(
  db: Executor,
  o: { budget: string; intervalMs: number; now: number },
): Promise<number> {
  await db
    .insertInto("edgar_rate")
    .values({ id: o.budget, next_at: 0 })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const now = Math.floor(o.now);
  const row = await db
    .updateTable("edgar_rate")
    .set({
      next_at: sql<number>`(CASE WHEN next_at > CAST(${now} AS BIGINT) THEN next_at ELSE CAST(${now} AS BIGINT) END) + CAST(${o.intervalMs} AS BIGINT)`,
    })
    .where("id", "=", o.budget)
    .returning("next_at")
    .executeTakeFirstOrThrow();
  return Number(row.next_at) - o.intervalMs;
}

/** A cached answer that has not expired, with when it was fetched. */
export async function readCached(db: Executor, url: string, nowIso: string) {
  return db
    .selectFrom("edgar_cache")
    .select(["body", "fetched_at"])
    .where("url", "=", url)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
}

export async function writeCached(
  db: Executor,
  row: { url: string; body: string; fetched_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto("edgar_cache")
    .values(row)
    .onConflict((oc) =>
      oc.column("url").doUpdateSet({ body: row.body, fetched_at: row.fetched_at, expires_at: row.expires_at }),
    )
    .execute();
}

/** Deletes the cached answers that expired before `nowIso`; returns how many. */
export async function deleteExpiredCache(db: Executor, nowIso: string): Promise<number> {
  const res = await db.deleteFrom("edgar_cache").where("expires_at", "<=", nowIso).executeTakeFirst();
  return Number(res.numDeletedRows);
}
