import type { PlatformConfig as Config } from "./config.ts";
import type { Logger } from "./log.ts";

let warned = false;

/** Addresses only this machine can open: a default of http://localhost is right for them. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return (
    h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  );
}

/**
 * The web app's public origin, for links that leave the browser (emails, OAuth callbacks).
 * Uploads and downloads don't need it: their URLs are relative. Unset, it defaults to
 * http://localhost:PORT, which is wrong for anyone else when the server listens beyond this
 * machine: that is said once per process, at boot.
 */
export function resolvePublicUrl(
  config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">,
  log: Pick<Logger, "warn">,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const fallback = `http://localhost:${config.PORT}`;
  if (!warned && !isLoopbackHost(config.HOST)) {
    warned = true;
    log.warn(
      `[config] PUBLIC_URL is not set: links in emails (verification, password reset) and the Google sign-in callback will use ${fallback}, ` +
        `which only this machine can open, while the server listens on ${config.HOST}. Set PUBLIC_URL to the address people open the app at.`,
    );
  }
  return fallback;
}
