import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { PassThrough, type Readable } from "node:stream";
import ipaddr from "ipaddr.js";
import { AppError } from "../../contracts/errors.ts";
import { sanitizeFilename } from "../../contracts/filename.ts";

export const MAX_REDIRECTS = 5;

/** Only ordinary public unicast addresses; loopback, private, link-local, CGNAT, multicast... are refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "unicast";
}

function refuse(message: string): AppError {
  return new AppError("unprocessable", message);
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
  finalUrl: URL;
}

/**
 * GET a user-given URL without letting it reach our own network: http(s) only, every hop's
 * resolved address checked and then pinned for the connection (no DNS rebinding between check
 * and connect), at most 5 redirects, one overall deadline.
 */
export async function safeGet(
  rawUrl: string,
  o: {
    allowPrivate: boolean;
    timeoutMs: number;
    signal?: AbortSignal;
    /** Which resolved addresses may be fetched; isPublicAddress unless a test narrows it. */
    isAllowedAddress?: (address: string) => boolean;
  },
): Promise<SafeResponse> {
  const allowed = o.isAllowedAddress ?? isPublicAddress;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AppError("validation_failed", "The URL is not valid.", {
      url: "Enter a full http:// or https:// address.",
    });
  }
  const deadline = AbortSignal.any([AbortSignal.timeout(o.timeoutMs), ...(o.signal ? [o.signal] : [])]);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw refuse(`Only http and https URLs can be imported (got ${url.protocol}).`);
    if (url.username || url.password) throw refuse("URLs with credentials in them can't be imported.");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    let addresses: { address: string; family: number }[];
    try {
      addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.lookup(host, { all: true });
    } catch {
      throw refuse(`Could not resolve ${host}.`);
    }
    const blocked = addresses.find((a) => !allowed(a.address));
    if (blocked && !o.allowPrivate) {
      throw refuse(`Refusing to fetch ${url.host}: it points to a private or internal address (${blocked.address}).`);
    }
    const pinned = addresses[0]!;
    const res = await request(url, pinned, deadline);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      res.body.destroy();
      if (hop >= MAX_REDIRECTS) throw refuse(`Too many redirects (more than ${MAX_REDIRECTS}).`);
      url = new URL(location, url);
      continue;
    }
    if (res.status < 200 || res.status >= 300) {
      res.body.destroy();
      throw refuse(`Failed to download file: ${res.status} ${http.STATUS_CODES[res.status] ?? ""}`.trim());
    }
    return { ...res, finalUrl: url };
  }
}

function request(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Readable }>((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.get(
      url,
      {
        signal,
        headers: { "user-agent": "AnalystWorkspace-Importer/1.0", accept: "*/*" },
        // Connect to the address we checked, whatever DNS says now.
        lookup: (_host, opts, cb) => {
          if ((opts as { all?: boolean }).all)
            (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        // A body that breaks off (or outlives the deadline) fails with a reason the user can read.
        const body = new PassThrough();
        res.on("error", (err) => body.destroy(downloadError(err, signal)));
        body.on("close", () => res.destroy());
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res.pipe(body) });
      },
    );
    req.on("error", (err) => reject(downloadError(err, signal)));
  });
}

function downloadError(err: Error, signal: AbortSignal): AppError {
  return new AppError(
    "unprocessable",
    signal.aborted
      ? "Failed to download file: the server took too long to answer."
      : `Failed to download file: ${err.message}`,
  );
}

/** A file name from Content-Disposition, else the URL's last path segment. */
export function filenameFrom(headers: http.IncomingHttpHeaders, url: URL): string {
  const cd = headers["content-disposition"] ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  const name = star
    ? decodeURIComponent(star[1]!)
    : plain
      ? plain[1]!
      : decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "");
  return sanitizeFilename(name, "download");
}
