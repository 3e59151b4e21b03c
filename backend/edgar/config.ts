import { z } from "zod";
import { optionalString } from "../platform/config.ts";

/** SEC EDGAR settings (see .env.example): the SEC's fair-access rules make the User-Agent mandatory. */
export const edgarConfigShape = {
  /** A name and a contact email, e.g. "Acme Research admin@acme.com"; without it no EDGAR call is made. */
  EDGAR_USER_AGENT: optionalString,
  EDGAR_WWW_URL: z.url().default("https://www.sec.gov"),
  EDGAR_DATA_URL: z.url().default("https://data.sec.gov"),
  EDGAR_EFTS_URL: z.url().default("https://efts.sec.gov"),
  /** Requests per second for the whole deployment, every process together (the SEC allows 10). */
  EDGAR_MAX_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(10).default(10),
  /** The first wait before retrying a throttled request; it doubles for each retry. */
  EDGAR_RETRY_BASE_MS: z.coerce.number().int().min(0).default(2_000),
  EDGAR_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  EDGAR_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * How long the agent's edgar_import waits for the user to approve, before it tells the model the
   * user did not confirm. Under the answer's own 10-minute limit, so the answer can still finish.
   */
  EDGAR_CONFIRM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  /** How long edgar_import then waits for the imported files to be indexed before answering without them. */
  EDGAR_IMPORT_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(3 * 60_000),
};
