import type { Executor } from "../platform/db/index.ts";
import type { Insertable, Updateable } from "kysely";
import type { ActionCodeTable, SessionTable, UserTable } from "../platform/db/schema.ts";

// --- action codes (email links) -----------------------------------------------------------------

export async function insertActionCode(db: Executor, row: ActionCodeTable): Promise<void> {
  await db.insertInto("action_codes").values(row).execute();
}

/** The code with this hash, unless it is used or expired at `now`. */
export function findUsableActionCode(db: Executor, o: { codeHash: string; now: string }) {
  return db
    .selectFrom("action_codes")
    .selectAll()
    .where("code_hash", "=", o.codeHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", o.now)
    .executeTakeFirst();
}

/** Marks an unused code used in one statement: of two racing callers only one gets true. */
export async function markActionCodeUsed(db: Executor, o: { codeHash: string; at: string }): Promise<boolean> {
  const res = await db
    .updateTable("action_codes")
    .set({ used_at: o.at })
    .where("code_hash", "=", o.codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks every unused code of a user and kind used. */
export async function revokeUnusedActionCodes(
  db: Executor,
  o: { userId: string; mode: ActionCodeTable["mode"]; at: string },
): Promise<void> {
  await db
    .updateTable("action_codes")
    .set({ used_at: o.at })
    .where("user_id", "=", o.userId)
    .where("mode", "=", o.mode)
    .where("used_at", "is", null)
    .execute();
}

// --- auth attempts (throttles) ------------------------------------------------------------------

export async function deleteAttemptsBefore(db: Executor, o: { kind: string; cutoff: string }): Promise<void> {
  await db.deleteFrom("auth_attempts").where("kind", "=", o.kind).where("created_at", "<=", o.cutoff).execute();
}

export async function insertAttempt(
  db: Executor,
  row: { id: string; kind: string; key: string; created_at: string },
): Promise<void> {
  await db.insertInto("auth_attempts").values(row).execute();
}

/** Attempts of `key` made after `since`. */
export async function countAttempts(db: Executor, o: { kind: string; key: string; since: string }): Promise<number> {
  const row = await db
    .selectFrom("auth_attempts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", o.kind)
    .where("key", "=", o.key)
    .where("created_at", ">", o.since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("auth_attempts").where("id", "=", id).execute();
}

export async function deleteAttemptsOf(db: Executor, o: { kind: string; key: string }): Promise<void> {
  await db.deleteFrom("auth_attempts").where("kind", "=", o.kind).where("key", "=", o.key).execute();
}

// --- users, accounts, sessions (better-auth's tables, read by our own code) ---------------------

export async function listAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom("user").select("email").where("role", "=", "admin").orderBy("email").execute();
  return rows.map((r) => r.email);
}

/** The raw provider ids (better-auth's: "credential", "google"...) of a user's accounts. */
export async function listAccountProviderIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("account").select("providerId").where("userId", "=", userId).execute();
  return rows.map((r) => r.providerId);
}

/** A session with its user, one row per account of the user (none: one row with a null provider). */
export function sessionRows(db: Executor, token: string) {
  return db
    .selectFrom("session as s")
    .innerJoin("user as u", "u.id", "s.userId")
    .leftJoin("account as a", "a.userId", "u.id")
    .where("s.token", "=", token)
    .select([
      "s.expiresAt",
      "u.id",
      "u.email",
      "u.name",
      "u.emailVerified",
      "u.createdAt",
      "u.role",
      "u.lastSignInAt",
      "a.providerId",
    ])
    .execute();
}

// --- our user rows under Firebase (firebase-identity.ts): one per Firebase uid ------------------

export function findUserRow(db: Executor, id: string) {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts the row unless one with its id exists (two first requests of a new user race). */
export async function insertUserRow(db: Executor, row: Insertable<UserTable>): Promise<void> {
  await db
    .insertInto("user")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function updateUserRow(db: Executor, id: string, patch: Updateable<UserTable>): Promise<void> {
  await db.updateTable("user").set(patch).where("id", "=", id).execute();
}

export async function deleteUserRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("user").where("id", "=", id).execute();
}

/** A session of ours over a Firebase session cookie (by its hash), so one sign-out ends exactly it. */
export async function insertSessionRow(db: Executor, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto("session").values(row).execute();
}

export function findSessionRow(db: Executor, token: string) {
  return db.selectFrom("session").select(["userId", "expiresAt"]).where("token", "=", token).executeTakeFirst();
}

export async function deleteSessionRow(db: Executor, token: string): Promise<void> {
  await db.deleteFrom("session").where("token", "=", token).execute();
}

export async function deleteUserSessionRows(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
}
