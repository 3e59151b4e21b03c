import { refineIdentityConfig, identityConfigShape } from "./auth/identity-config.ts";
import { billingConfigShape, refineBillingConfig } from "./billing/catalogue.ts";
import { edgarConfigShape } from "./edgar/config.ts";
import { parseConfig, type ConfigOf } from "./platform/config.ts";

/** The variables domains add to the platform's (see .env.example). */
const sections = { ...billingConfigShape, ...identityConfigShape, ...edgarConfigShape };

export type Config = ConfigOf<typeof sections>;

/** Parses the environment once; throws an Error naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseConfig(sections, env, (c, ctx) => {
    refineIdentityConfig(c, ctx);
    refineBillingConfig(c, ctx);
  });
}
