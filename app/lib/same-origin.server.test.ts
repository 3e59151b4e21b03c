import { describe, expect, it } from "vitest";
import { crossOriginReason } from "./same-origin.server.ts";

const post = (url: string, headers: Record<string, string>, method = "POST") => new Request(url, { method, headers });

describe("crossOriginReason", () => {
  it("lets reads through whatever their origin", () => {
    expect(crossOriginReason(post("http://app.test/x", { origin: "http://evil.example" }, "GET"))).toBeNull();
  });

  it("accepts our own origin, and refuses another host, another port of ours and Origin null", () => {
    expect(
      crossOriginReason(post("http://app.test:3000/x", { host: "app.test:3000", origin: "http://app.test:3000" })),
    ).toBeNull();
    expect(
      crossOriginReason(post("http://app.test:3000/x", { host: "app.test:3000", origin: "http://evil.example" })),
    ).toMatch(/not this site/);
    expect(
      crossOriginReason(post("http://app.test:3000/x", { host: "app.test:3000", origin: "http://app.test:4000" })),
    ).toMatch(/not this site/);
    expect(crossOriginReason(post("http://app.test:3000/x", { host: "app.test:3000", origin: "null" }))).toMatch(
      /null/,
    );
  });

  it("falls back to Referer, and refuses a cookie that comes with neither header", () => {
    expect(
      crossOriginReason(post("http://app.test/x", { host: "app.test", referer: "http://app.test/w/1?q" })),
    ).toBeNull();
    expect(
      crossOriginReason(post("http://app.test/x", { host: "app.test", referer: "http://app.test.evil.example/" })),
    ).toMatch(/not this site/);
    expect(crossOriginReason(post("http://app.test/x", { host: "app.test", cookie: "__session=1" }))).toMatch(
      /no Origin or Referer/,
    );
    expect(crossOriginReason(post("http://app.test/x", { host: "app.test" }))).toBeNull();
  });

  it("behind a TLS-terminating proxy: the host matches scheme-agnostically, PUBLIC_URL by origin", () => {
    // The proxy passes Host on but speaks http to us; the browser's origin is https.
    expect(crossOriginReason(post("http://app.test/x", { host: "app.test", origin: "https://app.test" }))).toBeNull();
    expect(
      crossOriginReason(post("http://app.test/x", { host: "app.test:443", origin: "https://app.test" })),
    ).toBeNull();
    expect(crossOriginReason(post("http://app.test/x", { host: "app.test", origin: "https://app.test:8443" }))).toMatch(
      /not this site/,
    );
    // A proxy that rewrites Host to the upstream address: PUBLIC_URL names the real origin.
    const upstream = post("http://127.0.0.1:3000/x", { host: "127.0.0.1:3000", origin: "https://analyst.example.com" });
    expect(crossOriginReason(upstream)).toMatch(/not this site/);
    expect(crossOriginReason(upstream, { publicUrl: "https://analyst.example.com/" })).toBeNull();
  });

  it("with trustProxy, compares the whole origin the forwarded headers describe", () => {
    const headers = { host: "127.0.0.1:3000", "x-forwarded-proto": "https", "x-forwarded-host": "analyst.example.com" };
    expect(
      crossOriginReason(post("http://127.0.0.1:3000/x", { ...headers, origin: "https://analyst.example.com" }), {
        trustProxy: true,
      }),
    ).toBeNull();
    expect(
      crossOriginReason(post("http://127.0.0.1:3000/x", { ...headers, origin: "http://analyst.example.com" }), {
        trustProxy: true,
      }),
    ).toMatch(/not this site/);
  });
});
