import { redirect } from "react-router";
import { startGoogleSignIn } from "../../contracts/auth.ts";
import { safeReturnTo } from "../lib/session.server.ts";
import type { Route } from "./+types/auth-google";

/**
 * Starts Google sign-in: asks the backend (POST /api/auth/google/start) for the provider URL,
 * passes its OAuth state cookie to the browser and sends the browser to Google. Google returns
 * to /api/identity/callback/google, which lands on /auth/google/complete.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // With Firebase, Google sign-in runs in the browser (firebase-google-sign-in.tsx), not here.
  if (!context.publicEnv.googleEnabled || context.publicEnv.firebase)
    throw new Response("Google sign-in is not configured.", { status: 404 });
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  // The raw transport, not the typed client: the answer's Set-Cookie headers matter here.
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  if (context.clientAddress) headers.set("x-forwarded-for", context.clientAddress);
  const res = await context.apiTransport(startGoogleSignIn.path, {
    method: "POST",
    headers,
    body: JSON.stringify({ returnTo }),
  });
  const body = (await res.json().catch(() => null)) as { url?: string } | null;
  if (!res.ok || !body?.url) throw redirect("/login?error=google_unavailable");
  const out = new Headers({ location: body.url });
  for (const cookie of res.headers.getSetCookie()) out.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers: out });
}
