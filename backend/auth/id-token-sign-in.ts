import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import { claimCode, recordCodeUser } from "../signup-codes/repo.ts";
import { INVALID_SIGNUP_CODE } from "../signup-codes/service.ts";
import type { SignedIn } from "./identity-provider.ts";

/** Spec section 5: a federated sign-up that fails with a code required. */
export const FEDERATED_CODE_REQUIRED =
  "A signup code is required to create a new account. Please sign up with a valid code.";

/**
 * The browser signed in with the Firebase web SDK (email/password, or Google in a popup) and
 * sends its ID token: the session for it. A user new to us, with signup codes required, must
 * bring a code, claimed here like an email sign-up's (sign-up.ts).
 */
export async function signInWithIdToken(deps: Deps, o: { idToken: string; signupCode?: string }): Promise<SignedIn> {
  const exchange = deps.identity.signInWithIdToken;
  if (!exchange) throw new AppError("not_found", "Sign-in with an ID token needs IDENTITY_PROVIDER=firebase.");
  const code = o.signupCode?.trim();
  let claimed: string | null = null;
  const signedIn = await exchange(o.idToken, {
    admitNewUser: async (email) => {
      if (!code) throw new AppError("auth/signup-code-required", FEDERATED_CODE_REQUIRED);
      if (!(await claimCode(deps.db.kysely, code, email)))
        throw new AppError("auth/invalid-signup-code", INVALID_SIGNUP_CODE, { signupCode: INVALID_SIGNUP_CODE });
      claimed = code;
    },
  });
  if (claimed) await recordCodeUser(deps.db.kysely, claimed, signedIn.user.id);
  return signedIn;
}
