import { describe, expect, it } from "vitest";
import { clientAddress, isTrustProxyEntry, trustedProxies } from "./client-address.ts";

describe("clientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", trustedProxies([]))).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "198.51.100.1", trustedProxies([]))).toBe("127.0.0.1");
  });

  it("believes a trusted proxy's last hop, and only what trusted proxies appended", () => {
    const loopback = trustedProxies(["loopback"]);
    expect(clientAddress("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("::1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    // The client wrote "1.2.3.4" itself; the proxy appended the real peer.
    expect(clientAddress("127.0.0.1", "1.2.3.4, 198.51.100.1", loopback)).toBe("198.51.100.1");
    // An untrusted peer's header is not read at all.
    expect(clientAddress("203.0.113.9", "1.2.3.4", loopback)).toBe("203.0.113.9");
  });

  it("walks a chain of trusted proxies given as addresses and CIDR ranges", () => {
    const proxies = trustedProxies(["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"]);
    expect(clientAddress("10.1.2.3", "6.6.6.6, 198.51.100.1, 192.0.2.7", proxies)).toBe("198.51.100.1");
    expect(clientAddress("2001:db8::1", "198.51.100.2", proxies)).toBe("198.51.100.2");
    // Every hop trusted: the leftmost is the best we know.
    expect(clientAddress("10.0.0.1", "10.0.0.2", proxies)).toBe("10.0.0.2");
  });

  it("stops at a hop that is not an address", () => {
    const loopback = trustedProxies(["loopback"]);
    expect(clientAddress("127.0.0.1", "unknown", loopback)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "", loopback)).toBe("127.0.0.1");
    expect(clientAddress(undefined, "198.51.100.1", loopback)).toBeUndefined();
  });

  it("accepts only loopback, IPs and CIDR ranges in TRUST_PROXY", () => {
    for (const ok of ["loopback", "10.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"])
      expect(isTrustProxyEntry(ok)).toBe(true);
    for (const bad of ["true", "*", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8/1", "proxy.internal", "::1/129"])
      expect(isTrustProxyEntry(bad)).toBe(false);
    expect(() => trustedProxies(["everyone"])).toThrow(/TRUST_PROXY/);
  });
});
