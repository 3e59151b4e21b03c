import { describe, expect, it } from "vitest";
import { pageCsp } from "./csp.server.ts";

const base = { PUBLIC_URL: undefined, S3_BUCKET: undefined, S3_ENDPOINT: undefined, S3_REGION: "us-east-1" };
const directive = (header: string, name: string) => header.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("page CSP and Stripe", () => {
  it("allows no Stripe host with billing off", () => {
    const { header } = pageCsp({ ...base, ANALYTICS_ENDPOINT: undefined })();
    expect(header).not.toContain("stripe.com");
    expect(directive(header, "frame-src")).toBe("");
    expect(directive(header, "form-action")).toBe("form-action 'self'");
  });
  it("allows Stripe.js, its checkout frame and calls, and the portal redirect with billing on", () => {
    const { header, nonce } = pageCsp({
      ...base,
      ANALYTICS_ENDPOINT: undefined,
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_API_URL: "http://127.0.0.1:4010",
    })();
    expect(directive(header, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' https://js.stripe.com`);
    expect(directive(header, "frame-src")).toContain("https://js.stripe.com");
    expect(directive(header, "connect-src")).toContain("https://js.stripe.com");
    expect(directive(header, "form-action")).toContain("http://127.0.0.1:4010");
    expect(directive(header, "form-action")).toContain("https://billing.stripe.com");
    expect(directive(header, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });
});
