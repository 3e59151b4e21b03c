import { z } from "zod";

export const BADLY_FORMATTED_EMAIL = "The email address is badly formatted.";

/**
 * The one email-address rule, for every contract that takes an address (sign-up, sign-in,
 * change-email, password reset). It is the identity service's own (zod's `z.email()`, which
 * better-auth checks again on sign-up), so nothing we accept is refused further in, as a 500:
 * no quoted local parts, IP-literal domains, consecutive or trailing dots, or non-ASCII.
 * Trimmed and lower-cased here, as accounts are stored.
 */
export const emailAddress = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .regex(z.regexes.email, BADLY_FORMATTED_EMAIL)
  .toLowerCase();
