import * as c from "../../contracts/auth.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as actions from "./email-actions.ts";
import { presentUser } from "./present-user.ts";
import { startGoogleSignIn } from "./google-sign-in.ts";
import { signInWithIdToken } from "./id-token-sign-in.ts";
import { signInWithPassword } from "./sign-in.ts";
import { signUpThrottled } from "./sign-up.ts";
import { createAuthThrottles } from "./throttles.ts";
import { assertUsableCode } from "../signup-codes/service.ts";

export function registerAuthRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  const throttles = createAuthThrottles(deps.db);

  route(app, guard, c.signUp, async ({ body, c: ctx }) => {
    const { token, user, customToken } = await signUpThrottled(deps, throttles, {
      ...body,
      clientAddress: ctx.get("clientAddress"),
    });
    return { token, user: presentUser(user), ...(customToken ? { customToken } : {}) };
  });

  route(app, guard, c.signIn, async ({ body, c: ctx }) => {
    const { token, user } = await signInWithPassword(deps, throttles, {
      email: body.email,
      password: body.password,
      clientAddress: ctx.get("clientAddress"),
      userAgent: ctx.req.header("user-agent"),
    });
    return { token, user: presentUser(user) };
  });

  route(app, guard, c.createSession, async ({ body }) => {
    const { token, user } = await signInWithIdToken(deps, body);
    return { token, user: presentUser(user) };
  });

  route(app, guard, c.startGoogleSignIn, async ({ body, c: ctx }) => {
    const { url, cookies } = await startGoogleSignIn(deps, body);
    // The OAuth state rides on cookies the web tier passes on to the browser.
    for (const cookie of cookies) ctx.header("set-cookie", cookie, { append: true });
    return { url };
  });

  route(app, guard, c.signOut, async ({ actor }) => {
    if (actor) await deps.identity.signOut(actor.token);
    return { ok: true as const };
  });

  route(app, guard, c.getMe, async ({ actor }) => presentUser(actor.user));

  route(app, guard, c.changeEmail, async ({ actor, body }) =>
    presentUser(
      await actions.changeEmail(deps, { user: actor.user, email: body.email, continueUrl: body.continueUrl }),
    ),
  );

  route(app, guard, c.sendVerificationEmail, async ({ actor, body }) => {
    await actions.sendVerificationEmail(deps, { user: actor.user, continueUrl: body?.continueUrl });
    return { ok: true as const };
  });

  route(app, guard, c.requestPasswordReset, async ({ body }) => {
    // Counted per address whether or not an account exists, so the limit reveals nothing.
    await throttles.resetRequests.take(body.email);
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
