import { redirect } from "react-router";
import { safeReturnTo } from "../lib/session.server.ts";
import type { Route } from "./+types/auth-google";

/**
 * Starts Google sign-in: asks the identity service (better-auth, mounted at /api/identity) for
 * the provider URL, passes its state cookie to the browser and sends the browser to Google.
 * Google returns to /api/identity/callback/google, which lands on /auth/google/complete.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.publicEnv.googleEnabled) throw new Response("Google sign-in is not configured.", { status: 404 });
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const res = await context.apiTransport("/identity/sign-in/social", {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(request.url).origin },
    body: JSON.stringify({
      provider: "google",
      callbackURL: `/auth/google/complete?returnTo=${encodeURIComponent(returnTo)}`,
      errorCallbackURL: "/login",
      disableRedirect: true,
    }),
  });
  const body = (await res.json().catch(() => null)) as { url?: string } | null;
  if (!res.ok || !body?.url) throw redirect("/login?error=google_unavailable");
  const headers = new Headers({ location: body.url });
  for (const cookie of res.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers });
}
