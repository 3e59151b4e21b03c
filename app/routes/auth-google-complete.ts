import { redirect } from "react-router";
import { getMe } from "../../contracts/auth.ts";
import { createApiClient } from "../lib/api-client.ts";
import { safeReturnTo, setSessionCookie } from "../lib/session.server.ts";
import type { Route } from "./+types/auth-google-complete";

const IDENTITY_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];

/** The session token inside the identity service's signed cookie ("<token>.<signature>"). */
export function identityToken(cookieHeader: string | null): { name: string; token: string } | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [rawName, ...rest] = part.trim().split("=");
    if (!rawName || !IDENTITY_COOKIES.includes(rawName)) continue;
    const value = decodeURIComponent(rest.join("="));
    const token = value.slice(0, value.lastIndexOf(".") > 0 ? value.lastIndexOf(".") : undefined);
    if (token) return { name: rawName, token };
  }
  return null;
}

/**
 * Google sign-in finished inside the identity service, which left its own session cookie. The
 * backend confirms that session, and it becomes ours: the same token in the `__session` cookie.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const found = identityToken(request.headers.get("cookie"));
  if (!found) throw redirect("/login?error=google_session_missing");
  try {
    await createApiClient(context.apiTransport, { token: found.token }).call(getMe);
  } catch {
    throw redirect("/login?error=google_session_invalid");
  }
  const headers = new Headers({ location: returnTo });
  headers.append("set-cookie", await setSessionCookie(request, context, found.token));
  // The identity service's cookie has done its job; only ours stays.
  headers.append("set-cookie", `${found.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return new Response(null, { status: 302, headers });
}
