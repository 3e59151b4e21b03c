import { z } from "zod";
import { bool, optionalString } from "../platform/config.ts";

/** The identity provider's variables (see .env.example and docs/firebase.md). */
export const identityConfigShape = {
  /** builtin: accounts in our own database (better-auth); firebase: Firebase Authentication. */
  IDENTITY_PROVIDER: z.enum(["builtin", "firebase"]).default("builtin"),
  FIREBASE_PROJECT_ID: optionalString,
  /** A service account key: its JSON, or the path of the file holding it. */
  FIREBASE_SERVICE_ACCOUNT: optionalString,
  /** The web app's config, for the browser's web SDK and the server's Identity Toolkit calls. */
  FIREBASE_API_KEY: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  /** host:port of the Auth emulator; both SDKs and our REST calls then go there. */
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  /** Show "Continue with Google" (the web SDK's popup): turn it on once Google is enabled in the project. */
  FIREBASE_GOOGLE_SIGN_IN: bool,
};

type IdentityConfig = z.infer<z.ZodObject<typeof identityConfigShape>>;

/** With IDENTITY_PROVIDER=firebase, names every variable that is missing. */
export function refineIdentityConfig(c: IdentityConfig, ctx: z.RefinementCtx): void {
  if (c.IDENTITY_PROVIDER !== "firebase") return;
  const need = (key: string, why = "is required with IDENTITY_PROVIDER=firebase") =>
    ctx.addIssue({ code: "custom", path: [key], message: why });
  if (!c.FIREBASE_PROJECT_ID) need("FIREBASE_PROJECT_ID");
  if (!c.FIREBASE_API_KEY) need("FIREBASE_API_KEY");
  if (!c.FIREBASE_AUTH_DOMAIN) need("FIREBASE_AUTH_DOMAIN");
  if (!c.FIREBASE_SERVICE_ACCOUNT && !c.FIREBASE_AUTH_EMULATOR_HOST)
    need(
      "FIREBASE_SERVICE_ACCOUNT",
      "is required with IDENTITY_PROVIDER=firebase (the service account key's JSON or its file path), unless FIREBASE_AUTH_EMULATOR_HOST is set",
    );
  if (c.FIREBASE_AUTH_EMULATOR_HOST && !/^[^\s/:]+:\d{1,5}$/.test(c.FIREBASE_AUTH_EMULATOR_HOST))
    need("FIREBASE_AUTH_EMULATOR_HOST", "must be host:port (no scheme), e.g. 127.0.0.1:9099");
}
