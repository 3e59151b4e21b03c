import { describe, expect, it } from "vitest";
import { pageCsp } from "./csp.server.ts";

const base = {
  PUBLIC_URL: "https://app.example.com",
  S3_BUCKET: undefined,
  S3_ENDPOINT: undefined,
  S3_REGION: "us-east-1",
  ANALYTICS_ENDPOINT: undefined,
};
const directive = (header: string, name: string) =>
  header
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? null;

describe("pageCsp and Firebase's Google popup", () => {
  it("the built-in provider allows no Google script and no frames beyond the default", () => {
    const { header } = pageCsp({ ...base, IDENTITY_PROVIDER: "builtin" })();
    expect(directive(header, "script-src")).not.toContain("https://apis.google.com");
    expect(directive(header, "frame-src")).toBeNull();
  });

  it("Firebase without Google sign-in adds only the Identity Toolkit", () => {
    const { header } = pageCsp({ ...base, IDENTITY_PROVIDER: "firebase", FIREBASE_AUTH_DOMAIN: "p.firebaseapp.com" })();
    expect(directive(header, "connect-src")).toContain("https://identitytoolkit.googleapis.com");
    expect(directive(header, "script-src")).not.toContain("https://apis.google.com");
    expect(directive(header, "frame-src")).toBeNull();
  });

  it("Firebase with Google sign-in allows gapi and the auth domain's helper frame", () => {
    const { header } = pageCsp({
      ...base,
      IDENTITY_PROVIDER: "firebase",
      FIREBASE_AUTH_DOMAIN: "p.firebaseapp.com",
      FIREBASE_GOOGLE_SIGN_IN: true,
    })();
    expect(directive(header, "script-src")).toContain("https://apis.google.com");
    expect(directive(header, "frame-src")).toEqual(["'self'", "https://p.firebaseapp.com"]);
  });

  it("with the emulator, the helper frame and the sign-in calls go to it", () => {
    const { header } = pageCsp({
      ...base,
      IDENTITY_PROVIDER: "firebase",
      FIREBASE_AUTH_DOMAIN: "localhost",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      FIREBASE_GOOGLE_SIGN_IN: true,
    })();
    expect(directive(header, "frame-src")).toEqual(["'self'", "http://127.0.0.1:9099"]);
    expect(directive(header, "connect-src")).toContain("http://127.0.0.1:9099");
    expect(directive(header, "connect-src")).not.toContain("https://identitytoolkit.googleapis.com");
  });
});

const stripeBase = { PUBLIC_URL: undefined, S3_BUCKET: undefined, S3_ENDPOINT: undefined, S3_REGION: "us-east-1" };
const stripeDirective = (header: string, name: string) =>
  header.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("page CSP and Stripe", () => {
  it("allows no Stripe host with billing off", () => {
    const { header } = pageCsp({ ...stripeBase, ANALYTICS_ENDPOINT: undefined })();
    expect(header).not.toContain("stripe.com");
    expect(stripeDirective(header, "frame-src")).toBe("");
    expect(stripeDirective(header, "form-action")).toBe("form-action 'self'");
  });
  it("allows Stripe.js, its checkout frame and calls, and the portal redirect with billing on", () => {
    const { header, nonce } = pageCsp({
      ...stripeBase,
      ANALYTICS_ENDPOINT: undefined,
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_API_URL: "http://127.0.0.1:4010",
    })();
    expect(stripeDirective(header, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' https://js.stripe.com`);
    expect(stripeDirective(header, "frame-src")).toContain("https://js.stripe.com");
    expect(stripeDirective(header, "connect-src")).toContain("https://js.stripe.com");
    expect(stripeDirective(header, "form-action")).toContain("http://127.0.0.1:4010");
    expect(stripeDirective(header, "form-action")).toContain("https://billing.stripe.com");
    expect(stripeDirective(header, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });
});

describe("pageCsp and Drive import's Google Picker", () => {
  const picker = { GOOGLE_PICKER_API_KEY: "key", GOOGLE_PICKER_APP_ID: "123", GOOGLE_CLIENT_ID: "c.apps.example" };
  it("names no Google host when the Picker is not configured (Google sign-in's client id alone is not enough)", () => {
    const { header } = pageCsp({ ...base, GOOGLE_CLIENT_ID: "c.apps.example", GOOGLE_PICKER_API_KEY: "key" })();
    expect(header).not.toMatch(/google/);
  });
  it("allows Google's scripts, the picker's frames and Drive's API once configured", () => {
    const { header } = pageCsp({ ...base, ...picker })();
    expect(directive(header, "script-src")).toEqual(
      expect.arrayContaining(["https://apis.google.com", "https://accounts.google.com"]),
    );
    expect(directive(header, "frame-src")).toEqual(expect.arrayContaining(["https://docs.google.com"]));
    expect(directive(header, "connect-src")).toEqual(expect.arrayContaining(["https://www.googleapis.com"]));
  });
});
