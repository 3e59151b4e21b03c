/**
 * Firebase Authentication behind the IdentityProvider seam (IDENTITY_PROVIDER=firebase).
 *
 * Firebase keeps the accounts (passwords, Google identities, disabled flags, revocation); our
 * `user` table keeps one row per Firebase uid (created on first sign-in) so workspaces, roles and
 * quotas work as with the built-in provider. The admin role is our column, mirrored to the
 * `admin` custom claim.
 *
 * Tokens: our session token is a Firebase session cookie (createSessionCookie), verified with
 * checkRevoked on every request, so a password reset or disabling the user in Firebase takes
 * effect on the next request. Our token is `<session cookie>~<session id>`, the id a row of
 * `session` (by its hash): Firebase revokes per user and only to the second (two sign-ins in one
 * second even get the same cookie), so the row is what lets one sign-out end exactly that session,
 * at once. A bearer Firebase ID token (the web SDK's own) is accepted on its verification alone.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from "firebase-admin/app";
import { getAuth, type DecodedIdToken, type UserRecord } from "firebase-admin/auth";
import { AppError } from "../../contracts/errors.ts";
import type { Db } from "../platform/db/index.ts";
import { createStoredActionCodes } from "./action-codes.ts";
import { firebaseCode, fromFirebase } from "./firebase-errors.ts";
import { createIdentityToolkit, type IdentityToolkit } from "./firebase-rest.ts";
import type { IdentityProvider, SessionUser } from "./identity-provider.ts";
import * as repo from "./repo.ts";

/** Firebase's longest session cookie. */
export const FIREBASE_SESSION_MS = 14 * 24 * 60 * 60 * 1000;
export interface FirebaseIdentityOptions {
  db: Db;
  projectId: string;
  /** The service account key: JSON, or the path of its file. Unneeded with the emulator. */
  serviceAccount?: string;
  apiKey: string;
  emulatorHost?: string;
  adminEmails: string[];
  /** With signup codes required, a Firebase user we have no row for is not let in by a token alone. */
  requireSignupCode: boolean;
  fetch?: typeof fetch;
}

let apps = 0;

function readServiceAccount(value: string): ServiceAccount {
  const text = value.trim().startsWith("{") ? value : fs.readFileSync(value, "utf8");
  try {
    return JSON.parse(text) as ServiceAccount;
  } catch {
    throw new Error("FIREBASE_SERVICE_ACCOUNT is neither a service account key's JSON nor the path of one");
  }
}

export function createFirebaseIdentity(o: FirebaseIdentityOptions): IdentityProvider {
  // The Admin SDK reads the emulator's address from the environment only.
  if (o.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = o.emulatorHost;
  const app: App = initializeApp(
    {
      projectId: o.projectId,
      ...(o.serviceAccount ? { credential: cert(readServiceAccount(o.serviceAccount)) } : {}),
    },
    `analyst-${process.pid}-${++apps}`,
  );
  const auth = getAuth(app);
  const rest: IdentityToolkit = createIdentityToolkit({
    apiKey: o.apiKey,
    emulatorHost: o.emulatorHost,
    fetch: o.fetch,
  });
  const k = o.db.kysely;
  const sqlite = o.db.dialect === "sqlite";
  const bool = (v: boolean) => (sqlite ? Number(v) : v);
  const isAdminEmail = (email: string | undefined) => Boolean(email && o.adminEmails.includes(email.toLowerCase()));

  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw fromFirebase(err);
    }
  };

  const present = (row: NonNullable<Awaited<ReturnType<typeof repo.findUserRow>>>, providerIds: string[]) =>
    ({
      id: row.id,
      email: row.email,
      name: row.name,
      emailVerified: Boolean(row.emailVerified),
      createdAt: new Date(row.createdAt),
      lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt) : null,
      role: row.role === "admin" ? "admin" : "user",
      providerIds,
    }) satisfies SessionUser;

  const recordProviders = (r: UserRecord) => r.providerData.map((p) => p.providerId);
  /** "password" or "google.com" from a token: identities other than the bare email, and how it signed in. */
  const tokenProviders = (d: DecodedIdToken) => {
    const ids = new Set(Object.keys(d.firebase.identities ?? {}).filter((id) => id !== "email"));
    if (d.firebase.sign_in_provider === "password") ids.add("password");
    return [...ids];
  };

  /** Our row for a Firebase user, made on first sight; admins by ADMIN_EMAILS get the claim. */
  async function ensureRow(r: { uid: string; email?: string; emailVerified: boolean; name?: string }) {
    const found = await repo.findUserRow(k, r.uid);
    if (found) return found;
    const admin = isAdminEmail(r.email);
    const now = new Date().toISOString();
    await repo.insertUserRow(k, {
      id: r.uid,
      name: r.name ?? "",
      email: (r.email ?? `${r.uid}@users.invalid`).toLowerCase(),
      emailVerified: bool(r.emailVerified),
      image: null,
      createdAt: now,
      updatedAt: now,
      role: admin ? "admin" : "user",
      lastSignInAt: null,
    });
    if (admin) await call(() => auth.setCustomUserClaims(r.uid, { admin: true }));
    const row = await repo.findUserRow(k, r.uid);
    if (!row) throw new Error(`user row ${r.uid} vanished after insert`);
    return row;
  }

  /** After a sign-in: the row follows Firebase's record (email, verification) and notes the time. */
  async function syncSignIn(uid: string) {
    const record = await call(() => auth.getUser(uid));
    const row = await ensureRow({
      uid,
      email: record.email,
      emailVerified: record.emailVerified,
      name: record.displayName,
    });
    await repo.updateUserRow(k, uid, {
      email: (record.email ?? row.email).toLowerCase(),
      emailVerified: bool(record.emailVerified),
      lastSignInAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const updated = await repo.findUserRow(k, uid);
    return present(updated!, recordProviders(record));
  }

  async function sessionFor(idToken: string, userId: string, meta: { ipAddress?: string; userAgent?: string } = {}) {
    const cookie = await call(() => auth.createSessionCookie(idToken, { expiresIn: FIREBASE_SESSION_MS }));
    const now = new Date();
    const sessionId = crypto.randomBytes(24).toString("base64url");
    await repo.insertSessionRow(k, {
      id: crypto.randomUUID(),
      token: hashToken(sessionId),
      userId,
      expiresAt: new Date(now.valueOf() + FIREBASE_SESSION_MS).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ipAddress: meta.ipAddress ?? null,
      userAgent: meta.userAgent ?? null,
    });
    return `${cookie}${SESSION_SEPARATOR}${sessionId}`;
  }

  async function signInWithIdToken(idToken: string, opts: { admitNewUser?: (email: string) => Promise<void> }) {
    const decoded = await call(() => auth.verifyIdToken(idToken, true));
    if (!(await repo.findUserRow(k, decoded.uid))) {
      if (opts.admitNewUser && o.requireSignupCode && !isAdminEmail(decoded.email))
        await opts.admitNewUser((decoded.email ?? "").toLowerCase());
      else assertMayCreate(decoded.email);
    }
    const user = await syncSignIn(decoded.uid);
    return { token: await sessionFor(idToken, decoded.uid), user };
  }

  function assertMayCreate(email: string | undefined) {
    if (o.requireSignupCode && !isAdminEmail(email)) {
      throw new AppError("auth/signup-code-required", "A signup code is required to create a new account.");
    }
  }

  async function lookup(find: () => Promise<UserRecord>): Promise<SessionUser | null> {
    let record: UserRecord;
    try {
      record = await find();
    } catch (err) {
      if (firebaseCode(err) === "auth/user-not-found") return null;
      throw fromFirebase(err);
    }
    const row = await ensureRow({
      uid: record.uid,
      email: record.email,
      emailVerified: record.emailVerified,
      name: record.displayName,
    });
    return { ...present(row, recordProviders(record)), email: (record.email ?? row.email).toLowerCase() };
  }

  /**
   * Verifies our session token (its cookie) or an ID token, revocation and disabling included. A
   * session cookie is only accepted inside our token, an ID token only alone.
   */
  async function verify(token: string): Promise<{ decoded: DecodedIdToken; sessionId?: string } | null> {
    const [jwt = "", sessionId, ...rest] = token.split(SESSION_SEPARATOR);
    const iss = issuer(jwt);
    try {
      if (rest.length) return null;
      if (sessionId && iss?.startsWith(SESSION_ISSUER))
        return { decoded: await auth.verifySessionCookie(jwt, true), sessionId };
      if (!sessionId && iss?.startsWith("https://securetoken.google.com/"))
        return { decoded: await auth.verifyIdToken(jwt, true) };
      return null;
    } catch (err) {
      const code = firebaseCode(err);
      // Expired, revoked, disabled, deleted or forged: no session. Firebase unreachable: an error.
      if (code?.startsWith("auth/") && code !== "auth/internal-error") return null;
      throw fromFirebase(err);
    }
  }

  /**
   * Firebase issues the verify and reset codes (generate*Link) and applies them; our table gates
   * them (expiry, a newer reset link retiring older ones, one use). recoverEmail codes are ours
   * alone: the Admin SDK cannot issue one, and restoring is an Admin SDK update (email-actions.ts).
   */
  const stored = createStoredActionCodes(
    o.db,
    async (uid, password) => {
      await call(() => auth.updateUser(uid, { password }));
    },
    async (a) => {
      if (a.mode === "recoverEmail") return crypto.randomBytes(32).toString("base64url");
      const link = await call(() =>
        a.mode === "verifyEmail"
          ? auth.generateEmailVerificationLink(a.email)
          : auth.generatePasswordResetLink(a.email),
      );
      const code = new URL(link).searchParams.get("oobCode");
      if (!code) throw new Error(`Firebase returned a ${a.mode} link without an oobCode`);
      return code;
    },
  );

  return {
    async signUp({ email, password, name }) {
      const record = await call(() => auth.createUser({ email, password, displayName: name || undefined }));
      await ensureRow({ uid: record.uid, email: record.email, emailVerified: false, name: record.displayName });
      const { idToken } = await call(() => rest.signInWithPassword(email, password));
      const user = await syncSignIn(record.uid);
      const [token, customToken] = await Promise.all([
        sessionFor(idToken, record.uid),
        call(() => auth.createCustomToken(record.uid)),
      ]);
      return { token, user, customToken };
    },

    async signIn({ email, password, ipAddress, userAgent }) {
      const { idToken, localId } = await call(() => rest.signInWithPassword(email, password));
      if (!(await repo.findUserRow(k, localId))) assertMayCreate(email);
      const user = await syncSignIn(localId);
      return { token: await sessionFor(idToken, localId, { ipAddress, userAgent }), user };
    },

    signInWithIdToken,

    async signOut(token) {
      const sessionId = token.split(SESSION_SEPARATOR)[1];
      if (sessionId) await repo.deleteSessionRow(k, hashToken(sessionId));
    },

    async getSession(token) {
      const verified = await verify(token);
      if (!verified) return null;
      const { decoded, sessionId } = verified;
      if (sessionId) {
        const session = await repo.findSessionRow(k, hashToken(sessionId));
        if (!session || session.userId !== decoded.uid) return null;
      }
      let row = await repo.findUserRow(k, decoded.uid);
      if (!row) {
        assertMayCreate(decoded.email);
        row = await ensureRow({
          uid: decoded.uid,
          email: decoded.email,
          emailVerified: Boolean(decoded.email_verified),
          name: decoded.name as string | undefined,
        });
      }
      return present(row, tokenProviders(decoded));
    },

    findUserByEmail: (email) => lookup(() => auth.getUserByEmail(email.toLowerCase())),
    findUserById: (id) => lookup(() => auth.getUser(id)),

    async setPassword(userId, password) {
      await call(() => auth.updateUser(userId, { password }));
    },

    async updateUser(userId, data) {
      const email = data.email?.toLowerCase();
      if (email !== undefined || data.emailVerified !== undefined) {
        await call(() => auth.updateUser(userId, { email, emailVerified: data.emailVerified }));
        // Firebase revokes a user's tokens when the email changes (to the second); ending our
        // session rows too makes that exact: the user signs in again with the new address.
        if (email !== undefined) await repo.deleteUserSessionRows(k, userId);
      }
      if (data.role) {
        const record = await call(() => auth.getUser(userId));
        await ensureRow({ uid: userId, email: record.email, emailVerified: record.emailVerified });
        await call(() =>
          auth.setCustomUserClaims(userId, { ...(record.customClaims ?? {}), admin: data.role === "admin" }),
        );
      }
      await repo.updateUserRow(k, userId, {
        ...(email !== undefined ? { email } : {}),
        ...(data.emailVerified !== undefined ? { emailVerified: bool(data.emailVerified) } : {}),
        ...(data.role ? { role: data.role } : {}),
        updatedAt: new Date().toISOString(),
      });
    },

    async deleteUser(userId) {
      await call(() => auth.deleteUser(userId)).catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === "auth/user-not-found")) throw err;
      });
      await repo.deleteUserRow(k, userId);
    },

    async revokeSessions(userId) {
      await call(() => auth.revokeRefreshTokens(userId));
      await repo.deleteUserSessionRows(k, userId);
    },

    async startSocialSignIn() {
      throw new AppError("not_found", "With Firebase, Google sign-in runs in the browser (the Firebase web SDK).");
    },

    createActionCode: stored.createActionCode,
    checkActionCode: stored.checkActionCode,

    async useActionCode(code, modes) {
      const found = await stored.useActionCode(code, modes);
      // Firebase marks the address verified itself; email-actions.ts then mirrors it to our row.
      if (found.mode === "verifyEmail") await call(() => rest.applyActionCode(code));
      return found;
    },

    async confirmPasswordReset(code, newPassword) {
      const found = await stored.useActionCode(code, ["resetPassword"]);
      await call(() => rest.confirmPasswordReset(code, newPassword));
      return found;
    },

    async close() {
      await deleteApp(app);
    },
  };
}

const SESSION_ISSUER = "https://session.firebase.google.com/";
/** Not in a JWT's alphabet (base64url and dots). */
const SESSION_SEPARATOR = "~";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The `iss` of a JWT, unverified (only to pick the verifier); null when it is no JWT. */
function issuer(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const iss = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iss?: unknown }).iss;
    return typeof iss === "string" ? iss : null;
  } catch {
    return null;
  }
}
