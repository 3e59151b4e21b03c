import { createCookie, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { getMe } from "../../contracts/auth.ts";
import type { AuthUser } from "../../contracts/auth.ts";
import { isAppError } from "../../contracts/errors.ts";
import { createApiClient, type ApiClient } from "./api-client.ts";

const MAX_AGE = 60 * 60 * 24 * 30;

function cookieFor(request: Request, context: AppLoadContext) {
  const secure =
    context.cookieSecure === "true" ||
    (context.cookieSecure === "auto" &&
      (new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https"));
  // The value is the session token itself: unguessable, so it needs no signature.
  return createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: MAX_AGE });
}

export async function getSessionToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await cookieFor(request, context).parse(request.headers.get("cookie"));
  return typeof value === "string" && value ? value : null;
}

export function setSessionCookie(request: Request, context: AppLoadContext, token: string): Promise<string> {
  return cookieFor(request, context).serialize(token);
}

export function clearSessionCookie(request: Request, context: AppLoadContext): Promise<string> {
  return cookieFor(request, context).serialize("", { maxAge: 0 });
}

/** The API client for this request, carrying the visitor's session (if any). */
export async function apiFor(request: Request, context: AppLoadContext): Promise<ApiClient> {
  return createApiClient(context.apiTransport, {
    token: await getSessionToken(request, context),
    forwardedFor: context.clientAddress ?? null,
    userAgent: request.headers.get("user-agent"),
  });
}

/** Only same-site paths: a returnTo must never send the user to another origin. */
export function safeReturnTo(value: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // Resolved the way a browser would ("/\t/evil.com" and "/\\evil.com" are other hosts), then
  // kept only when it stays on our origin.
  const base = "http://same-origin.invalid";
  try {
    const u = new URL(value, base);
    return u.origin === base ? `${u.pathname}${u.search}${u.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The signed-in user or null; an expired session counts as signed out. */
export async function getUser(request: Request, context: AppLoadContext): Promise<AuthUser | null> {
  const token = await getSessionToken(request, context);
  if (!token) return null;
  try {
    return await (await apiFor(request, context)).call(getMe);
  } catch (err) {
    if (isAppError(err) && err.status === 401) return null;
    throw err;
  }
}

/** For protected routes: the user, or a redirect to /login that remembers where they were going. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const user = await getUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  const headers = new Headers();
  if (await getSessionToken(request, context)) headers.append("set-cookie", await clearSessionCookie(request, context));
  throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`, { headers });
}
