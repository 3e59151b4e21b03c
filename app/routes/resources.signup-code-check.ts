import { data } from "react-router";
import { validateSignupCode } from "../../contracts/auth.ts";
import { isAppError } from "../../contracts/errors.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.signup-code-check";

/**
 * Spec section 5: a federated sign-up checks its signup code before the popup opens (the code is
 * claimed only when the account is made, POST /api/auth/session). POST {signupCode}; answers
 * {valid: true} or the API's error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const body = (await request.json().catch(() => null)) as { signupCode?: unknown } | null;
  const signupCode = typeof body?.signupCode === "string" ? body.signupCode : "";
  const api = await apiFor(request, context);
  try {
    return await api.call(validateSignupCode, { body: { signupCode } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    const message = err.code === "validation_failed" ? (err.fields?.signupCode ?? err.message) : err.message;
    return data({ error: { code: err.code, message } }, { status: err.status });
  }
}
