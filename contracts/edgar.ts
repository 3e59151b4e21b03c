import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/** SEC EDGAR (spec section 7): find public companies' filings and import them into a Pod. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD");
/** A form type as EDGAR writes it: 10-K, 10-Q, 8-K, 20-F, DEF 14A, 10-K/A... */
const formType = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, "must be an SEC form type such as 10-K");
const forms = z.array(formType).max(20, "at most 20 form types");
export const cik = z.number().int("must be a whole number").min(1).max(9_999_999_999);
export const accessionNumber = z
  .string()
  .trim()
  .regex(/^\d{10}-\d{2}-\d{6}$/, "must be an accession number such as 0000320193-24-000123");

/** `ticker` is null for a filer without one (a delisted company, a person), found by its CIK. */
export const edgarCompany = z.object({ cik: z.number().int(), ticker: z.string().nullable(), name: z.string() });
export const edgarFiling = z.object({
  cik: z.number().int(),
  company: z.string(),
  form: z.string(),
  filed_at: z.string(),
  /** The period the filing reports on (YYYY-MM-DD); null when EDGAR gives none. */
  period: z.string().nullable(),
  accession_number: z.string(),
  /** The filing's main document; null when EDGAR did not say which it is. */
  primary_document: z.string().nullable(),
});
export type EdgarFiling = z.infer<typeof edgarFiling>;

/** A filing as the agent's import confirmation lists it for the user. */
export const edgarConfirmationFiling = edgarFiling.omit({ primary_document: true });
export type EdgarConfirmationFiling = z.infer<typeof edgarConfirmationFiling>;

export const edgarSearch = endpoint({
  method: "post",
  path: "/public_data/edgar/search",
  summary: "Public companies by name or ticker, and (full_text) filings mentioning the words",
  tag: "edgar",
  auth: "user",
  body: z.object({
    query: z.string().trim().min(1, "Type a company, a ticker or some words").max(200),
    forms: forms.optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    full_text: z.boolean().optional(),
  }),
  response: z.object({ companies: z.array(edgarCompany), filings: z.array(edgarFiling) }),
  status: 200,
});

export const edgarList = endpoint({
  method: "post",
  path: "/public_data/edgar/list",
  summary: "A company's filings, newest first, by form and period",
  tag: "edgar",
  auth: "user",
  body: z.object({
    cik,
    forms: forms.optional(),
    /** Filings whose reporting period (else filing date) falls in these bounds. */
    period_from: isoDate.optional(),
    period_to: isoDate.optional(),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().max(100).optional(),
  }),
  response: z.object({
    company: z.object({ cik: z.number().int(), name: z.string(), tickers: z.array(z.string()) }),
    filings: z.array(edgarFiling),
    next_cursor: z.string().nullable(),
  }),
  status: 200,
});

export const edgarImport = endpoint({
  method: "post",
  path: "/public_data/edgar/filing",
  summary: "Import a filing's primary document (and exhibits) into a Pod, queued for ingestion",
  tag: "edgar",
  auth: "user",
  body: z.object({
    workspace_id: z.string().min(1).max(100),
    cik,
    accession_number: accessionNumber,
    include_exhibits: z.boolean().optional(),
  }),
  response: z.object({ files: z.array(z.object({ id: z.string(), filename: z.string() })) }),
  status: 202,
});
