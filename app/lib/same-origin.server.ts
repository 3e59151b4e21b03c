import type { MiddlewareHandler } from "hono";
import { AppError } from "../../contracts/errors.ts";

export interface SameOriginOptions {
  /** PUBLIC_URL: the address users open, accepted whatever Host the proxy in front passes on. */
  publicUrl?: string;
  /**
   * Take the scheme and host from X-Forwarded-Proto/Host (only behind a proxy that sets them).
   * Without it the request's own scheme is unknown behind a TLS-terminating proxy, so the Host
   * header is compared scheme-agnostically (host and port only).
   */
  trustProxy?: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a state-changing request to the web tier must be refused as cross-site, or null when it
 * may proceed. The session lives in a SameSite=Lax cookie, which another port of the same host
 * (same site) still receives, so the origin itself is checked: `Origin`, else `Referer`.
 * A browser sends Origin with every cross-origin POST; a request carrying a cookie but neither
 * header is not one a page can make, and is refused. Without a cookie there is no ambient
 * authority to abuse (curl, health checks), so it passes. `Origin: null` (sandboxed frames,
 * privacy redirects) never matches.
 */
export function crossOriginReason(request: Request, o: SameOriginOptions = {}): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const claimed = request.headers.get("origin") ?? refererOrigin(request.headers.get("referer"));
  if (claimed === null) return request.headers.has("cookie") ? "no Origin or Referer" : null;
  let origin: URL;
  try {
    origin = new URL(claimed);
  } catch {
    return `Origin ${JSON.stringify(claimed)} is not an origin`;
  }
  if (origin.origin === "null") return "Origin null";
  if (o.publicUrl && new URL(o.publicUrl).origin === origin.origin) return null;
  const url = new URL(request.url);
  if (o.trustProxy) {
    const proto = first(request.headers.get("x-forwarded-proto")) ?? url.protocol.slice(0, -1);
    const host = first(request.headers.get("x-forwarded-host")) ?? request.headers.get("host") ?? url.host;
    return `${proto}://${host}`.toLowerCase() === origin.origin ? null : `Origin ${origin.origin} is not this site`;
  }
  return sameHost(origin, request.headers.get("host") ?? url.host) ? null : `Origin ${origin.origin} is not this site`;
}

/** Hono middleware for the web tier: 403 `csrf/origin-mismatch` on a cross-site mutation. */
export function sameOrigin(o: SameOriginOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const reason = crossOriginReason(c.req.raw, o);
    if (reason === null) return next();
    const err = new AppError(
      "csrf/origin-mismatch",
      "This request came from another site and was refused. Reload the page and try again.",
    );
    return c.json(err.toBody(), 403);
  };
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

function first(header: string | null): string | null {
  return header?.split(",")[0]?.trim() || null;
}

/**
 * Host and port equal, whatever the scheme: a Host header without a port is the default port of
 * a scheme we can't see, so it matches an origin on its scheme's default port.
 */
function sameHost(origin: URL, hostHeader: string): boolean {
  let host: URL;
  try {
    host = new URL(`http://${hostHeader}`);
  } catch {
    return false;
  }
  if (host.hostname !== origin.hostname) return false;
  const explicit = /:\d+$/.test(hostHeader) ? hostHeader.slice(hostHeader.lastIndexOf(":") + 1) : "";
  if (!explicit) return origin.port === "";
  return (origin.port || (origin.protocol === "https:" ? "443" : "80")) === String(Number(explicit));
}
