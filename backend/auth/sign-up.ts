import { BADLY_FORMATTED_EMAIL, emailAddress } from "../../contracts/email.ts";
import { AppError, isAppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import { claimCode, recordCodeUser, releaseCode } from "../signup-codes/repo.ts";
import { INVALID_SIGNUP_CODE } from "../signup-codes/service.ts";
import { MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE } from "./better-auth-identity.ts";
import { sendActionEmail } from "./emails.ts";
import type { SignedIn } from "./identity-provider.ts";
import type { AuthThrottles } from "./throttles.ts";

/**
 * The address as accounts store it. The contracts already checked it with the same rule
 * (contracts/email.ts); services called from elsewhere (jobs, the admin CLI, tests) get the check too.
 */
export function normalizeEmail(email: string): string {
  const parsed = emailAddress.safeParse(email);
  if (!parsed.success)
    throw new AppError("auth/invalid-email", BADLY_FORMATTED_EMAIL, { email: BADLY_FORMATTED_EMAIL });
  return parsed.data;
}

export interface SignUpInput {
  email: string;
  password: string;
  signupCode?: string;
  continueUrl?: string;
}

export async function signUp(deps: Deps, input: SignUpInput): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("auth/weak-password", WEAK_PASSWORD_MESSAGE, { password: WEAK_PASSWORD_MESSAGE });
  }
  const code = input.signupCode?.trim();
  // The configured admins are trusted: the first admin must be able to sign up before any code
  // exists (they create the codes).
  const codeRequired = deps.config.REQUIRE_SIGNUP_CODE && !deps.config.ADMIN_EMAILS.includes(email);
  if (codeRequired) {
    if (!code) {
      throw new AppError("auth/signup-code-required", "A signup code is required to create a new account.", {
        signupCode: "Please enter a signup code to continue",
      });
    }
    if (await deps.identity.findUserByEmail(email)) {
      throw new AppError("auth/email-already-in-use", "This email is already registered.", {
        email: "This email is already registered.",
      });
    }
    // Claim first: of two sign-ups racing for one code exactly one gets past this line.
    if (!(await claimCode(deps.db.kysely, code, email))) {
      throw new AppError("auth/invalid-signup-code", INVALID_SIGNUP_CODE, { signupCode: INVALID_SIGNUP_CODE });
    }
  }

  let signedIn: SignedIn;
  try {
    signedIn = await deps.identity.signUp({ email, password: input.password, name: "" });
  } catch (err) {
    if (codeRequired && code) await releaseCode(deps.db.kysely, code, email);
    throw err;
  }
  if (codeRequired && code) await recordCodeUser(deps.db.kysely, code, signedIn.user.id);

  try {
    await sendActionEmail(deps, {
      mode: "verifyEmail",
      userId: signedIn.user.id,
      to: email,
      continueUrl: input.continueUrl,
    });
  } catch (err) {
    // The account exists either way; the user can ask for the email again from settings.
    deps.log.warn(`[auth] verification email to ${email} failed:`, err);
  }
  return signedIn;
}

/**
 * Sign-up, with the answers that reveal an existing account (409, which the spec wants shown)
 * counted per client address, so addresses cannot be enumerated at speed. Signup codes are not
 * counted: 12 random characters (about 59 bits) are not worth guessing, and refusing them says nothing about accounts.
 */
export async function signUpThrottled(
  deps: Deps,
  throttles: AuthThrottles,
  input: SignUpInput & { clientAddress?: string },
): Promise<SignedIn> {
  const attempt = input.clientAddress ? await throttles.signUpRefusals.take(input.clientAddress) : null;
  try {
    const signedIn = await signUp(deps, input);
    if (attempt) await throttles.signUpRefusals.forget(attempt);
    return signedIn;
  } catch (err) {
    if (attempt && !(isAppError(err) && err.code === "auth/email-already-in-use"))
      await throttles.signUpRefusals.forget(attempt);
    throw err;
  }
}
