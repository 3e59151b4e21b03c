/**
 * The user behind a bearer token, on every API request: one query on the session's unique token
 * index (session, its user and the user's sign-in providers), instead of better-auth's getSession,
 * which signed the token, verified the signature, read the session and the user, and then asked
 * for the providers again (a third of a Pod list's CPU under load).
 *
 * Same rules as better-auth's getSession: an unknown token or a session past `expiresAt` is no
 * session (the expired one is deleted); a session older than `updateAge` is extended to
 * `expiresIn` from now. Those rare writes go through better-auth so its storage formats hold.
 */
import type { Db } from "../platform/db/index.ts";
import type { SessionUser } from "./identity-provider.ts";
import { sessionRows } from "./repo.ts";

export interface SessionLookupOptions {
  db: Db;
  /** Seconds a session lives after it was created or last extended. */
  expiresIn: number;
  /** Seconds after which a used session is extended. */
  updateAge: number;
  extend(token: string, expiresAt: Date): Promise<boolean>;
  remove(token: string): Promise<void>;
}

/** Raw tokens as better-auth issues them; signed or encoded forms are left to better-auth. */
export const PLAIN_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** A user row as better-auth or our own query returns it (SQLite gives numbers and strings). */
export interface UserRow {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean | number;
  createdAt: Date | string;
  role?: string | null;
  lastSignInAt?: Date | string | null;
}

export function sessionUser(u: UserRow, providerIds: string[]): SessionUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    emailVerified: Boolean(u.emailVerified),
    createdAt: toDate(u.createdAt),
    lastSignInAt: u.lastSignInAt ? toDate(u.lastSignInAt) : null,
    role: u.role === "admin" ? "admin" : "user",
    providerIds,
  };
}

export function providerId(id: string): string {
  return id === "credential" ? "password" : id === "google" ? "google.com" : id;
}

export function createSessionLookup(o: SessionLookupOptions) {
  return async function lookupSession(token: string, now = new Date()): Promise<SessionUser | null> {
    const rows = await sessionRows(o.db.kysely, token);
    const first = rows[0];
    if (!first) return null;
    const expiresAt = toDate(first.expiresAt);
    if (expiresAt < now) {
      await o.remove(token);
      return null;
    }
    if (expiresAt.valueOf() - o.expiresIn * 1000 + o.updateAge * 1000 <= now.valueOf()) {
      if (!(await o.extend(token, new Date(now.valueOf() + o.expiresIn * 1000)))) return null;
    }
    return sessionUser(
      first,
      rows.flatMap((r) => (r.providerId ? [providerId(r.providerId)] : [])),
    );
  };
}
