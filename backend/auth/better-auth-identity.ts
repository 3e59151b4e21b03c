import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { bearer } from "better-auth/plugins";
import type { Db } from "../platform/db/index.ts";
import { AppError } from "../../contracts/errors.ts";
import type { IdentityProvider, SessionUser, SignedIn } from "./identity-provider.ts";
import { createStoredActionCodes } from "./action-codes.ts";
import { listAccountProviderIds } from "./repo.ts";
import { createSessionLookup, PLAIN_TOKEN, providerId, sessionUser, type UserRow } from "./session-lookup.ts";

export interface BetterAuthOptions {
  db: Db;
  secret: string;
  baseUrl: string;
  adminEmails: string[];
  /** With signup codes required, Google may sign in existing users but not create new ones. */
  requireSignupCode: boolean;
  google?: { clientId: string; clientSecret: string };
}

/**
 * Set while our own sign-up (backend/auth/sign-up.ts, which checked the signup code) creates the
 * user. With codes required, better-auth may create users only inside it.
 */
const ourSignUp = new AsyncLocalStorage<true>();

export const MIN_PASSWORD_LENGTH = 6;
/** Sessions last 30 days and are extended when used a day or more after the last extension. */
export const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE = 60 * 60 * 24;
export const WEAK_PASSWORD_MESSAGE =
  "The password is too weak. Please choose a stronger password with at least 6 characters.";

export function createAuth(o: BetterAuthOptions) {
  return betterAuth({
    appName: "Analyst Workspace",
    secret: o.secret,
    baseURL: o.baseUrl,
    // Its own HTTP handler is mounted here only for OAuth callbacks (identity-routes.ts); the
    // product's auth API is ours.
    basePath: "/api/identity",
    // A callback that fails before it knows where to go (a bad state) lands on our sign-in page.
    onAPIError: { errorURL: "/login" },
    database: { db: o.db.kysely, type: o.db.dialect },
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic, not warnings; real failures surface as errors.
    logger: { level: "error" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 1024,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "user" },
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    socialProviders: o.google ? { google: { clientId: o.google.clientId, clientSecret: o.google.clientSecret } } : {},
    plugins: [bearer()],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const admin = o.adminEmails.includes(user.email.toLowerCase());
            // Email sign-ups claimed their code in sign-up.ts before reaching here. Anything else
            // (an OAuth callback for a new Google account, an identity endpoint exposed by mistake)
            // never showed one: Google may sign existing users in, not create them.
            if (o.requireSignupCode && !admin && !ourSignUp.getStore()) {
              throw new APIError("FORBIDDEN", { message: "A signup code is required to create a new account." });
            }
            return { data: { ...user, role: admin ? "admin" : "user" } };
          },
        },
      },
    },
    advanced: { database: { generateId: () => crypto.randomUUID() } },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type RawUser = UserRow;

export function createBetterAuthIdentity(auth: Auth, db: Db): IdentityProvider {
  const providers = async (userId: string) => {
    return (await listAccountProviderIds(db.kysely, userId)).map(providerId);
  };
  const lookupSession = createSessionLookup({
    db,
    expiresIn: SESSION_EXPIRES_IN,
    updateAge: SESSION_UPDATE_AGE,
    extend: async (token, expiresAt) => {
      const ctx = await auth.$context;
      return Boolean(await ctx.internalAdapter.updateSession(token, { expiresAt, updatedAt: new Date() }));
    },
    remove: async (token) => {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteSession(token);
    },
  });

  const present = async (u: RawUser): Promise<SessionUser> => sessionUser(u, await providers(u.id));

  const findByEmail = async (email: string) => {
    const ctx = await auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email.toLowerCase());
    return found ? present(found.user as RawUser) : null;
  };

  const setPassword = async (userId: string, password: string) => {
    const ctx = await auth.$context;
    const hash = await ctx.password.hash(password);
    const credential = await ctx.internalAdapter.findCredentialAccount(userId);
    if (credential) await ctx.internalAdapter.updatePassword(userId, hash);
    else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  };

  const touchSignIn = async (userId: string) => {
    const ctx = await auth.$context;
    return ctx.internalAdapter.updateUser(userId, { lastSignInAt: new Date() });
  };

  return {
    async signUp({ email, password, name }) {
      try {
        const res = await ourSignUp.run(true, () => auth.api.signUpEmail({ body: { email, password, name } }));
        if (!res.token) throw new Error("better-auth returned no session token on sign-up");
        const user = await touchSignIn(res.user.id);
        return { token: res.token, user: await present(user as RawUser) } satisfies SignedIn;
      } catch (err) {
        // Two sign-ups racing for one new address both pass better-auth's "already exists?" check;
        // the loser's insert breaks the UNIQUE index on user.email, which better-auth reports only
        // as FAILED_TO_CREATE_USER. The account existing now is what that meant.
        if (apiErrorCode(err) === "FAILED_TO_CREATE_USER" && (await findByEmail(email))) {
          throw emailInUse();
        }
        throw mapAuthError(err);
      }
    },

    async signIn({ email, password, ipAddress, userAgent }) {
      try {
        const headers = new Headers();
        if (ipAddress) headers.set("x-forwarded-for", ipAddress);
        if (userAgent) headers.set("user-agent", userAgent);
        const res = await auth.api.signInEmail({ body: { email, password }, headers });
        const user = await touchSignIn(res.user.id);
        return { token: res.token, user: await present(user as RawUser) };
      } catch (err) {
        throw mapAuthError(err);
      }
    },

    async signOut(token) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteSession(token);
    },

    async getSession(token) {
      if (PLAIN_TOKEN.test(token)) return lookupSession(token);
      const session = await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });
      return session ? present(session.user as RawUser) : null;
    },

    findUserByEmail: findByEmail,

    async findUserById(id) {
      const ctx = await auth.$context;
      const user = await ctx.internalAdapter.findUserById(id);
      return user ? present(user as RawUser) : null;
    },

    setPassword,

    ...createStoredActionCodes(db, setPassword),

    async updateUser(userId, data) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.updateUser(userId, {
        ...data,
        ...(data.email ? { email: data.email.toLowerCase() } : {}),
      });
    },

    async deleteUser(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUser(userId);
    },

    async revokeSessions(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(userId);
    },

    async startSocialSignIn(provider, { callbackURL, errorURL }) {
      const { headers, response } = await auth.api.signInSocial({
        body: { provider, callbackURL, errorCallbackURL: errorURL, disableRedirect: true },
        returnHeaders: true,
      });
      if (!response.url) throw new Error(`better-auth returned no ${provider} authorization URL`);
      return { url: response.url, cookies: headers.getSetCookie() };
    },
  };
}

/** better-auth's errors, in the Firebase-style codes the spec and the sign-in screen use. */
function apiErrorCode(err: unknown): string | null {
  return err instanceof APIError ? ((err.body as { code?: string } | undefined)?.code ?? "") : null;
}

const emailInUse = () =>
  new AppError("auth/email-already-in-use", "This email is already registered.", {
    email: "This email is already registered.",
  });

function mapAuthError(err: unknown): unknown {
  if (!(err instanceof APIError)) return err;
  switch (apiErrorCode(err)) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return new AppError("auth/invalid-credential", "Incorrect email or password.");
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return emailInUse();
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return new AppError("auth/weak-password", WEAK_PASSWORD_MESSAGE, { password: WEAK_PASSWORD_MESSAGE });
    case "INVALID_EMAIL":
      return new AppError("auth/invalid-email", "The email address is badly formatted.", {
        email: "The email address is badly formatted.",
      });
    default:
      return err;
  }
}
