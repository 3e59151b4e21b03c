import crypto from "node:crypto";
import type { Executor } from "../platform/db/index.ts";
import type { SignupCodeTable } from "../platform/db/schema.ts";

export type SignupCodeRow = SignupCodeTable;

/** 12 characters from an alphabet without look-alikes (0/O, 1/I/L), grouped for reading aloud. */
export function generateCode(): string {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function insertCode(db: Executor, row: { description: string | null; createdBy: string | null }) {
  const code = generateCode();
  const inserted = {
    code,
    description: row.description,
    created_at: new Date().toISOString(),
    created_by: row.createdBy,
    is_active: 1,
    used_by: null,
    used_email: null,
    used_at: null,
  } satisfies SignupCodeRow;
  await db.insertInto("signup_codes").values(inserted).execute();
  return inserted;
}

export function listCodes(db: Executor) {
  return db.selectFrom("signup_codes").selectAll().orderBy("created_at", "desc").orderBy("code").execute();
}

export function findCode(db: Executor, code: string) {
  return db.selectFrom("signup_codes").selectAll().where("code", "=", normalizeCode(code)).executeTakeFirst();
}

/** Claims an active, unused code in one statement: of two racing callers exactly one gets true. */
export async function claimCode(db: Executor, code: string, email: string): Promise<boolean> {
  const res = await db
    .updateTable("signup_codes")
    .set({ used_email: email, used_at: new Date().toISOString() })
    .where("code", "=", normalizeCode(code))
    .where("is_active", "=", 1)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives a claimed code back when the account could not be created after all. */
export async function releaseCode(db: Executor, code: string, email: string): Promise<void> {
  await db
    .updateTable("signup_codes")
    .set({ used_email: null, used_at: null })
    .where("code", "=", normalizeCode(code))
    .where("used_email", "=", email)
    .where("used_by", "is", null)
    .execute();
}

export async function recordCodeUser(db: Executor, code: string, userId: string): Promise<void> {
  await db.updateTable("signup_codes").set({ used_by: userId }).where("code", "=", normalizeCode(code)).execute();
}

/** Deactivates an active, unused code; true when it did. */
export async function deactivateCode(db: Executor, code: string): Promise<boolean> {
  const res = await db
    .updateTable("signup_codes")
    .set({ is_active: 0 })
    .where("code", "=", normalizeCode(code))
    .where("is_active", "=", 1)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
