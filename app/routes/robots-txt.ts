import type { Route } from "./+types/robots-txt";

/** A route rather than a static file so the sitemap URL is absolute for this deployment. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...["/api/", "/home", "/workspaces", "/library", "/settings", "/admin", "/usermgmt", "/signout"].map(
      (p) => `Disallow: ${p}`,
    ),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
