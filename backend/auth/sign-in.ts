import { isAppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { SignedIn } from "./identity-provider.ts";
import type { AuthThrottles } from "./throttles.ts";

/**
 * Email and password sign-in behind two throttles: failures per account (the right password is
 * refused too once it is paused) and per client address. Each attempt is counted before the
 * password is checked, so parallel guesses cannot all slip under the limit; an attempt that did
 * not fail on the password is taken back.
 */
export async function signInWithPassword(
  deps: Deps,
  throttles: AuthThrottles,
  o: { email: string; password: string; clientAddress?: string; userAgent?: string },
): Promise<SignedIn> {
  const account = await throttles.signInFailures.take(o.email);
  let address: string | null = null;
  try {
    if (o.clientAddress) address = await throttles.signInAddressFailures.take(o.clientAddress);
    const signedIn = await deps.identity.signIn({
      email: o.email,
      password: o.password,
      ipAddress: o.clientAddress,
      userAgent: o.userAgent,
    });
    await throttles.signInFailures.reset(o.email);
    if (address) await throttles.signInAddressFailures.forget(address);
    return signedIn;
  } catch (err) {
    if (!(isAppError(err) && err.code === "auth/invalid-credential")) {
      await throttles.signInFailures.forget(account);
      if (address) await throttles.signInAddressFailures.forget(address);
    }
    throw err;
  }
}
