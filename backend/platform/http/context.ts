import type { OpenAPIHono } from "@hono/zod-openapi";

/**
 * The user behind a session, as every request sees it. Declared here so the platform needs no
 * domain; auth's IdentityProvider produces it.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  role: "admin" | "user";
  providerIds: string[];
}

/** Finds the user behind a bearer token: null when it is unknown or expired. */
export type SessionLookup = (token: string) => Promise<SessionUser | null>;

/** Who is asking: set by the authenticate middleware from the bearer token, null for anonymous. */
export interface Actor {
  user: SessionUser;
  token: string;
}

export type AppEnv = {
  Variables: {
    actor: Actor | null;
    requestId: string;
    /** The client's address (see client-address.ts), undefined when nothing says. */
    clientAddress: string | undefined;
  };
};
export type ApiApp = OpenAPIHono<AppEnv>;
