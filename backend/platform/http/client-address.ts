import net from "node:net";

/**
 * Which peers may tell us the client's address in X-Forwarded-For (TRUST_PROXY): "loopback",
 * IP addresses and CIDR ranges. Empty trusts no one: the socket's peer is the client.
 */
export type TrustedProxies = net.BlockList;

const LOOPBACK = ["127.0.0.0/8", "::1/128"];

/** Parses one TRUST_PROXY entry; null when it is neither "loopback", an IP nor a CIDR range. */
function entryRanges(entry: string): { network: string; prefix: number; type: "ipv4" | "ipv6" }[] | null {
  if (entry === "loopback") return LOOPBACK.flatMap((r) => entryRanges(r)!);
  const [address, bits, ...rest] = entry.split("/");
  const version = net.isIP(address ?? "");
  if (!version || rest.length) return null;
  const type = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    return null;
  return [{ network: address!, prefix, type }];
}

/** True when every entry is usable (for config validation). */
export function isTrustProxyEntry(entry: string): boolean {
  return entryRanges(entry) !== null;
}

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new net.BlockList();
  for (const entry of entries) {
    const ranges = entryRanges(entry);
    if (!ranges) throw new Error(`TRUST_PROXY: "${entry}" is not "loopback", an IP address or a CIDR range`);
    for (const r of ranges) list.addSubnet(r.network, r.prefix, r.type);
  }
  return list;
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** True when the socket's peer is one of the proxies whose forwarded headers we believe. */
export function isTrustedProxy(peer: string | undefined, proxies: TrustedProxies): boolean {
  return peer !== undefined && isTrusted(plain(peer), proxies);
}

function isTrusted(address: string, proxies: TrustedProxies): boolean {
  const version = net.isIP(address);
  return version !== 0 && proxies.check(address, version === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy, in which case
 * X-Forwarded-For is read from the right (each trusted hop vouches for the one before it) until
 * an address that is not a trusted proxy. A client can put anything at the left of the header,
 * so only what trusted proxies appended is believed. Undefined when nothing names a valid address.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null | undefined,
  proxies: TrustedProxies,
): string | undefined {
  if (!peer || !net.isIP(plain(peer))) return undefined;
  let address = plain(peer);
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => plain(h.trim()))
    .filter(Boolean);
  while (isTrusted(address, proxies) && hops.length) {
    const next = hops.pop()!;
    if (!net.isIP(next)) break;
    address = next;
  }
  return address;
}

/** From the web tier in the same process: the one address it resolved, when it is one. */
export function inProcessClientAddress(forwardedFor: string | null | undefined): string | undefined {
  const address = plain((forwardedFor ?? "").trim());
  return net.isIP(address) ? address : undefined;
}
