import type { PublicEnv } from "./load-context.ts";

/** 'Contact Sales' / Enterprise 'Contact Us': the configured external form, else an email. */
export function contactSalesHref(env: Pick<PublicEnv, "contactSalesUrl" | "supportEmail">): string {
  return env.contactSalesUrl ?? `mailto:${env.supportEmail}?subject=${encodeURIComponent("Enterprise plan")}`;
}
