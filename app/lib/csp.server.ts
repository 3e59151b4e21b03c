import crypto from "node:crypto";
import { billingEnabled } from "../../backend/billing/catalogue.ts";
import type { Config } from "../../backend/config.ts";
import { GOOGLE_PICKER_HOSTS, googlePickerOf } from "./google-picker.server.ts";

/** A page's Content-Security-Policy and the nonce its own inline scripts carry. */
export interface PageCsp {
  nonce: string;
  header: string;
}

/**
 * The policy of every HTML page. Scripts run only from our origin or with this response's nonce
 * (React Router's <Scripts>, <ScrollRestoration>, the streamed data and React's own inline
 * scripts get it through entry.server.tsx), so injected markup cannot run script. Styles allow
 * 'unsafe-inline': the pages render `style` attributes and sonner inserts a <style> element,
 * and a nonce cannot cover attributes; CSS cannot run script. The browser's fetches may go to
 * this origin, PUBLIC_URL (the disk store's upload URLs), the S3 endpoint (presigned uploads and
 * downloads) and the analytics endpoint: no further.
 */
export function pageCsp(
  config: Pick<Config, "PUBLIC_URL" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "ANALYTICS_ENDPOINT"> &
    Partial<
      Pick<
        Config,
        | "IDENTITY_PROVIDER"
        | "FIREBASE_AUTH_EMULATOR_HOST"
        | "FIREBASE_AUTH_DOMAIN"
        | "FIREBASE_GOOGLE_SIGN_IN"
        | "STRIPE_SECRET_KEY"
        | "STRIPE_API_URL"
        | "GOOGLE_PICKER_API_KEY"
        | "GOOGLE_PICKER_APP_ID"
        | "GOOGLE_CLIENT_ID"
      >
    >,
): () => PageCsp {
  const connect = new Set(["'self'"]);
  // The Firebase web SDK's sign-in (the sign-in form): its Identity Toolkit, or the emulator. Its
  // Google popup loads Google's gapi (apis.google.com) and embeds a helper frame from the auth
  // domain (the emulator's own page under the emulator), which relays the popup's result.
  const firebase = config.IDENTITY_PROVIDER === "firebase";
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` : null;
  const identity = !firebase
    ? []
    : emulator
      ? [emulator]
      : ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
  const gapi = firebase && config.FIREBASE_GOOGLE_SIGN_IN ? ["https://apis.google.com"] : [];
  const helperFrame =
    firebase && config.FIREBASE_GOOGLE_SIGN_IN ? [emulator ?? `https://${config.FIREBASE_AUTH_DOMAIN}`] : [];
  const origin = (url: string | undefined) => (url ? new URL(url).origin : null);
  for (const o of [origin(config.PUBLIC_URL), origin(config.ANALYTICS_ENDPOINT)]) if (o) connect.add(o);
  if (config.S3_BUCKET) {
    if (config.S3_ENDPOINT) connect.add(origin(config.S3_ENDPOINT)!);
    else
      for (const host of [
        `${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`,
        `s3.${config.S3_REGION}.amazonaws.com`,
      ])
        connect.add(`https://${host}`);
  }
  // Billing on: Stripe.js from js.stripe.com, its embedded checkout's frames and calls, and the
  // customer portal's form posts redirected to Stripe (STRIPE_API_URL's origin: the local fake).
  const stripe = billingEnabled(config)
    ? {
        script: ["https://js.stripe.com"],
        frame: ["https://js.stripe.com", "https://checkout.stripe.com", "https://hooks.stripe.com"],
        connect: ["https://js.stripe.com", "https://api.stripe.com"],
        form: [
          "https://billing.stripe.com",
          "https://checkout.stripe.com",
          ...(config.STRIPE_API_URL ? [origin(config.STRIPE_API_URL)!] : []),
        ],
      }
    : { script: [], frame: [], connect: [], form: [] };
  // Drive import's Picker, only when configured: Google's scripts, its frames and its API.
  const picker = googlePickerOf(config) ? GOOGLE_PICKER_HOSTS : { script: [], frame: [], connect: [] };
  const frames = [...new Set([...helperFrame, ...stripe.frame, ...picker.frame])];
  const files = [...connect].filter((s) => s !== "'self'").join(" ");
  return () => {
    const nonce = crypto.randomBytes(16).toString("base64");
    const directives = [
      "default-src 'self'",
      `script-src ${["'self'", `'nonce-${nonce}'`, ...new Set([...gapi, ...stripe.script, ...picker.script])].join(" ")}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${files}`.trim(),
      "font-src 'self' data:",
      `connect-src ${[...connect, ...identity, ...stripe.connect, ...picker.connect].join(" ")}`,
      ...(frames.length ? [`frame-src 'self' ${frames.join(" ")}`] : []),
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${["'self'", ...stripe.form].join(" ")}`,
      "frame-ancestors 'none'",
    ];
    return { nonce, header: directives.join("; ") };
  };
}
