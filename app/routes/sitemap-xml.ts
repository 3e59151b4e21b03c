import type { Route } from "./+types/sitemap-xml";

const PATHS = [
  "/",
  "/features",
  "/use-cases",
  "/pricing",
  "/about",
  "/privacy",
  "/terms",
  "/all-published-pods",
  "/login",
  "/signup",
];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const urls = PATHS.map((p) => `  <url><loc>${origin}${p === "/" ? "/" : p}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
