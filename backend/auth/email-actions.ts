import type { ActionMode } from "../../contracts/auth.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import { MIN_PASSWORD_LENGTH } from "./better-auth-identity.ts";
import { sendActionEmail } from "./emails.ts";
import type { SessionUser } from "./identity-provider.ts";
import { normalizeEmail } from "./sign-up.ts";

export const PASSWORD_TOO_WEAK = "The password is too weak.";

/** Always resolves the same way, account or not, so the answer reveals nothing. */
export async function requestPasswordReset(deps: Deps, o: { email: string; continueUrl?: string }): Promise<void> {
  const email = normalizeEmail(o.email);
  const user = await deps.identity.findUserByEmail(email);
  if (!user) return;
  await sendActionEmail(deps, { mode: "resetPassword", userId: user.id, to: user.email, continueUrl: o.continueUrl });
}

export async function sendVerificationEmail(deps: Deps, o: { user: SessionUser; continueUrl?: string }): Promise<void> {
  if (o.user.emailVerified) throw new AppError("conflict", "Your email is already verified.");
  await sendActionEmail(deps, { mode: "verifyEmail", userId: o.user.id, to: o.user.email, continueUrl: o.continueUrl });
}

export async function checkActionCode(deps: Deps, code: string): Promise<{ mode: ActionMode; email: string }> {
  const found = await deps.identity.checkActionCode(code);
  return {
    mode: found.mode,
    email: found.mode === "recoverEmail" ? (found.data.restoreEmail ?? found.email) : found.email,
  };
}

/** verifyEmail marks the address verified; recoverEmail puts the previous address back. */
export async function applyActionCode(deps: Deps, code: string): Promise<{ mode: ActionMode; email: string }> {
  const found = await deps.identity.useActionCode(code, ["verifyEmail", "recoverEmail"]);
  const user = await deps.identity.findUserById(found.userId);
  if (!user) throw new AppError("auth/invalid-action-code", "Invalid or expired action code.");
  if (found.mode === "verifyEmail") {
    // A link for an address the account no longer has verifies nothing.
    if (user.email !== found.email) throw new AppError("auth/invalid-action-code", "Invalid or expired action code.");
    await deps.identity.updateUser(user.id, { emailVerified: true });
    return { mode: "verifyEmail", email: user.email };
  }
  const restore = found.data.restoreEmail;
  if (!restore) throw new AppError("auth/invalid-action-code", "Invalid or expired action code.");
  const holder = await deps.identity.findUserByEmail(restore);
  if (holder && holder.id !== user.id) {
    throw new AppError("conflict", "That email address now belongs to another account. Please contact support.");
  }
  await deps.identity.updateUser(user.id, { email: restore, emailVerified: true });
  // Whoever changed the address may hold a session: end them all.
  await deps.identity.revokeSessions(user.id);
  return { mode: "recoverEmail", email: restore };
}

export async function resetPassword(
  deps: Deps,
  o: { code: string; newPassword: string },
): Promise<{ mode: ActionMode; email: string }> {
  if (o.newPassword.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("auth/weak-password", PASSWORD_TOO_WEAK, { newPassword: PASSWORD_TOO_WEAK });
  }
  const found = await deps.identity.confirmPasswordReset(o.code, o.newPassword);
  await deps.identity.revokeSessions(found.userId);
  // Following the link proves the inbox belongs to the user.
  await deps.identity.updateUser(found.userId, { emailVerified: true });
  return { mode: "resetPassword", email: found.email };
}

/** Changes the sign-in email; the old address gets a link to undo it, the new one a verification. */
export async function changeEmail(
  deps: Deps,
  o: { user: SessionUser; email: string; continueUrl?: string },
): Promise<SessionUser> {
  const email = normalizeEmail(o.email);
  if (email === o.user.email) return o.user;
  if (await deps.identity.findUserByEmail(email)) {
    throw new AppError("auth/email-already-in-use", "This email is already registered.", {
      email: "This email is already registered.",
    });
  }
  await deps.identity.updateUser(o.user.id, { email, emailVerified: false });
  await sendActionEmail(deps, {
    mode: "recoverEmail",
    userId: o.user.id,
    to: o.user.email,
    data: { restoreEmail: o.user.email },
  });
  await sendActionEmail(deps, { mode: "verifyEmail", userId: o.user.id, to: email, continueUrl: o.continueUrl });
  const updated = await deps.identity.findUserById(o.user.id);
  if (!updated) throw new AppError("not_found", "Your account no longer exists.");
  return updated;
}
