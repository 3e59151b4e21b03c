import { AppError } from "../../contracts/errors.ts";
import type { Actor } from "../platform/http/context.ts";
import { hasFullAccess } from "./verification-status.ts";

/** Suspended accounts (unverified after 72 h) can sign in and read, but not create or ask. */
export function requireFullAccess(actor: Actor): void {
  if (!hasFullAccess(actor.user)) {
    throw new AppError(
      "auth/account-suspended",
      "Please verify your email address to continue. Check your inbox for the verification link, or resend it from Settings.",
    );
  }
}
