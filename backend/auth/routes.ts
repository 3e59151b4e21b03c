import * as c from "../../contracts/auth.ts";
import { isAppError } from "../../contracts/errors.ts";
import { createAttemptLimiter } from "./attempt-limiter.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as actions from "./email-actions.ts";
import { presentUser } from "./present-user.ts";
import { signUp } from "./sign-up.ts";
import { assertUsableCode } from "../signup-codes/service.ts";

/** Failed sign-ins per account before a pause, and password-reset emails per address. */
export const SIGN_IN_FAILURES = { max: 10, windowMs: 15 * 60_000 };
export const RESET_REQUESTS = { max: 5, windowMs: 60 * 60_000 };

export function registerAuthRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  const signInFailures = createAttemptLimiter(SIGN_IN_FAILURES);
  const resetRequests = createAttemptLimiter(RESET_REQUESTS);

  route(app, guard, c.signUp, async ({ body }) => {
    const { token, user } = await signUp(deps, body);
    return { token, user: presentUser(user) };
  });

  route(app, guard, c.signIn, async ({ body, c: ctx }) => {
    const email = body.email.trim().toLowerCase();
    signInFailures.check(email);
    try {
      const { token, user } = await deps.identity.signIn({
        email,
        password: body.password,
        ipAddress: ctx.req.header("x-forwarded-for")?.split(",")[0]?.trim(),
        userAgent: ctx.req.header("user-agent"),
      });
      signInFailures.reset(email);
      return { token, user: presentUser(user) };
    } catch (err) {
      if (isAppError(err) && err.code === "auth/invalid-credential") signInFailures.record(email);
      throw err;
    }
  });

  route(app, guard, c.signOut, async ({ actor }) => {
    if (actor) await deps.identity.signOut(actor.token);
    return { ok: true as const };
  });

  route(app, guard, c.getMe, async ({ actor }) => presentUser(actor.user));

  route(app, guard, c.changeEmail, async ({ actor, body }) =>
    presentUser(await actions.changeEmail(deps, { user: actor.user, email: body.email, continueUrl: body.continueUrl })),
  );

  route(app, guard, c.sendVerificationEmail, async ({ actor, body }) => {
    await actions.sendVerificationEmail(deps, { user: actor.user, continueUrl: body?.continueUrl });
    return { ok: true as const };
  });

  route(app, guard, c.requestPasswordReset, async ({ body }) => {
    // Counted per address whether or not an account exists, so the limit reveals nothing.
    const email = body.email.trim().toLowerCase();
    resetRequests.check(email);
    resetRequests.record(email);
    await actions.requestPasswordReset(deps, body);
    return { ok: true as const };
  });

  route(app, guard, c.checkActionCode, async ({ body }) => actions.checkActionCode(deps, body.oobCode));
  route(app, guard, c.applyActionCode, async ({ body }) => actions.applyActionCode(deps, body.oobCode));
  route(app, guard, c.resetPassword, async ({ body }) =>
    actions.resetPassword(deps, { code: body.oobCode, newPassword: body.newPassword }),
  );

  route(app, guard, c.validateSignupCode, async ({ body }) => {
    await assertUsableCode(deps.db, body.signupCode);
    return { valid: true as const };
  });
}
