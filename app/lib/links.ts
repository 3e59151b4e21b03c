import type { PublicEnv } from "./load-context.ts";

/** 'Contact Sales' / Enterprise 'Contact Us': the configured external form, else an email. */
export function contactSalesHref(env: Pick<PublicEnv, "contactSalesUrl" | "supportEmail">): string {
  return env.contactSalesUrl ?? `mailto:${env.supportEmail}?subject=${encodeURIComponent("Enterprise plan")}`;
}

/** A thread's address with this fragment (as after "New thread") opens with focus in its question box. */
export const QUESTION_FRAGMENT = "#question";
