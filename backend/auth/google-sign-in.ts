import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";

/** Where Google's callback (GET /api/identity/callback/google) sends the browser, on our web app. */
export const GOOGLE_COMPLETE_PATH = "/auth/google/complete";
export const GOOGLE_ERROR_PATH = "/login";

/**
 * Starts Google sign-in through the identity service: the authorization URL to send the browser
 * to, and the state cookies it must bring back. The callback is the only identity route the API
 * exposes (backend/app.ts, IDENTITY_ROUTES).
 */
export async function startGoogleSignIn(
  deps: Deps,
  o: { returnTo: string },
): Promise<{ url: string; cookies: string[] }> {
  if (!deps.config.googleEnabled) throw new AppError("not_found", "Google sign-in is not configured.");
  return deps.identity.startSocialSignIn("google", {
    callbackURL: `${GOOGLE_COMPLETE_PATH}?returnTo=${encodeURIComponent(o.returnTo)}`,
    errorURL: GOOGLE_ERROR_PATH,
  });
}
