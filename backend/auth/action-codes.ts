import crypto from "node:crypto";
import type { ActionMode } from "../../contracts/auth.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Db } from "../platform/db/index.ts";
import type { ActionCode, ActionCodes } from "./identity-provider.ts";
import * as repo from "./repo.ts";

/** How long each kind of email link stays usable. */
export const ACTION_CODE_TTL_MS: Record<ActionMode, number> = {
  verifyEmail: 72 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
  recoverEmail: 72 * 60 * 60 * 1000,
};

export const INVALID_ACTION_CODE = "Invalid or expired action code.";

const hash = (code: string) => crypto.createHash("sha256").update(code).digest("hex");

export type { ActionCode };

/**
 * Stores only the hash: a database leak does not hand out working links. `code` is given when
 * another service issued it (Firebase's oobCode), which our table then gates the same way.
 */
export async function createActionCode(
  db: Db,
  a: ActionCode,
  code = crypto.randomBytes(32).toString("base64url"),
): Promise<string> {
  const now = Date.now();
  await repo.insertActionCode(db.kysely, {
    code_hash: hash(code),
    mode: a.mode,
    user_id: a.userId,
    email: a.email,
    data: JSON.stringify(a.data),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + ACTION_CODE_TTL_MS[a.mode]).toISOString(),
    used_at: null,
  });
  return code;
}

function invalid(): AppError {
  return new AppError("auth/invalid-action-code", INVALID_ACTION_CODE);
}

/** Reads a code without using it; throws when unknown, used or expired. */
export async function peekActionCode(db: Db, code: string): Promise<ActionCode> {
  const row = await repo.findUsableActionCode(db.kysely, { codeHash: hash(code), now: new Date().toISOString() });
  if (!row) throw invalid();
  return { mode: row.mode, userId: row.user_id, email: row.email, data: row.data ? JSON.parse(row.data) : {} };
}

/** Uses a code exactly once: of two racing callers only one succeeds. */
export async function consumeActionCode(db: Db, code: string, modes: ActionMode[]): Promise<ActionCode> {
  const found = await peekActionCode(db, code);
  if (!modes.includes(found.mode)) throw invalid();
  if (!(await repo.markActionCodeUsed(db.kysely, { codeHash: hash(code), at: new Date().toISOString() })))
    throw invalid();
  return found;
}

/** A new link of a kind makes the older unused ones of that kind useless. */
export async function revokeActionCodes(db: Db, userId: string, mode: ActionMode): Promise<void> {
  await repo.revokeUnusedActionCodes(db.kysely, { userId, mode, at: new Date().toISOString() });
}

/**
 * Codes kept in our action_codes table: the built-in provider's, and for Firebase the hashes of
 * its oobCodes (so both providers expire, revoke and use codes exactly once the same way).
 * `issue` gives the code for a new ActionCode (default: a random one of ours).
 */
export function createStoredActionCodes(
  db: Db,
  setPassword: (userId: string, password: string) => Promise<void>,
  issue?: (a: ActionCode) => Promise<string>,
): ActionCodes {
  return {
    async createActionCode(a) {
      if (a.mode === "resetPassword") await revokeActionCodes(db, a.userId, "resetPassword");
      return createActionCode(db, a, issue ? await issue(a) : undefined);
    },
    checkActionCode: (code) => peekActionCode(db, code),
    useActionCode: (code, modes) => consumeActionCode(db, code, modes),
    async confirmPasswordReset(code, newPassword) {
      const found = await consumeActionCode(db, code, ["resetPassword"]);
      await setPassword(found.userId, newPassword);
      return found;
    },
  };
}
