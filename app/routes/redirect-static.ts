import { redirect } from "react-router";
import type { Route } from "./+types/redirect-static";

/** Old and alias paths (spec section 2, "Redirects"); 301 where the move is permanent. */
const TARGETS: Record<string, { to: string; status: 301 | 302 }> = {
  "/spotlight-pods": { to: "/use-cases", status: 301 },
  "/privacy_policy.html": { to: "/privacy", status: 301 },
  "/terms_of_service.html": { to: "/terms", status: 301 },
  "/analyst": { to: "/home", status: 302 },
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname];
  if (!target) throw new Response("Not Found", { status: 404 });
  return redirect(`${target.to}${url.search}`, target.status);
}
