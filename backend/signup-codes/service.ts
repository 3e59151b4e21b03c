import { AppError } from "../../contracts/errors.ts";
import type { SignupCode } from "../../contracts/signup-codes.ts";
import type { Db } from "../platform/db/index.ts";
import { presentSignupCode } from "./present.ts";
import * as repo from "./repo.ts";

export const INVALID_SIGNUP_CODE = "This signup code is not valid. Check the code, or contact support for a new one.";

export async function createSignupCode(db: Db, o: { actorId: string; description?: string }): Promise<SignupCode> {
  const row = await repo.insertCode(db.kysely, { description: o.description || null, createdBy: o.actorId });
  return presentSignupCode(row);
}

export async function listSignupCodes(db: Db): Promise<SignupCode[]> {
  return (await repo.listCodes(db.kysely)).map(presentSignupCode);
}

export async function deactivateSignupCode(db: Db, code: string): Promise<SignupCode> {
  const ok = await repo.deactivateCode(db.kysely, code);
  const row = await repo.findCode(db.kysely, code);
  if (!row) throw new AppError("not_found", `Signup code "${code}" does not exist.`);
  if (!ok) throw new AppError("conflict", `Signup code "${row.code}" is already ${row.used_at ? "used" : "inactive"}.`);
  return presentSignupCode(row);
}

/** Throws auth/invalid-signup-code unless the code exists, is active and unused. */
export async function assertUsableCode(db: Db, code: string): Promise<void> {
  const row = await repo.findCode(db.kysely, code);
  if (!row || row.is_active !== 1 || row.used_at !== null) {
    throw new AppError("auth/invalid-signup-code", INVALID_SIGNUP_CODE, { signupCode: INVALID_SIGNUP_CODE });
  }
}
