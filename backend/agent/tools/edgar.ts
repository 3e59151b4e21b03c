import { tool, zodSchema } from "ai";
import { z } from "zod";
import { isAppError } from "../../../contracts/errors.ts";
import { listFilings, searchEdgar } from "../../edgar/service.ts";
import { ToolInputError, type ToolContext } from "./context.ts";
import { edgarImportTool } from "./edgar-import.ts";

const edgarSearchInput = zodSchema(
  z.object({
    query: z.string().min(1).max(200).optional().describe("A company name, ticker or CIK, to find the company"),
    cik: z
      .number()
      .int()
      .min(1)
      .max(9_999_999_999)
      .optional()
      .describe("A company's CIK (from an earlier result): lists its filings, newest first"),
    forms: z.array(z.string().min(1).max(20)).max(10).optional().describe('Only these forms, e.g. ["10-K"]'),
    limit: z.number().int().min(1).max(40).optional().describe("How many filings (default 10)"),
  }),
);

/**
 * SEC EDGAR for the model: find a public company and list its filings (form, period, filed date,
 * accession number), then import the ones the user approves (edgar-import.ts). Offered only when
 * EDGAR_USER_AGENT is set (index.ts).
 */
export function edgarTools(ctx: ToolContext) {
  return {
    edgar_search: tool({
      description:
        "Search SEC EDGAR: with `query`, public companies by name, ticker or CIK; with `cik`, that company's filings (form, period, filed date, accession number), newest first, optionally only some `forms`.",
      inputSchema: edgarSearchInput,
      execute: async ({ query, cik, forms, limit }) => {
        try {
          if (cik !== undefined) {
            const listed = await listFilings(ctx.deps, { cik, forms, limit: limit ?? 10 });
            return { company: listed.company, filings: listed.filings };
          }
          if (!query) throw new ToolInputError("Give a company name, ticker or CIK as `query`, or a `cik`.");
          return { companies: (await searchEdgar(ctx.deps, { query })).companies };
        } catch (err) {
          // EDGAR's refusals (unknown CIK, throttled, not configured) are the model's to explain.
          if (isAppError(err) && (err.code.startsWith("edgar/") || err.code === "validation_failed"))
            throw new ToolInputError(err.message);
          throw err;
        }
      },
    }),
    edgar_import: edgarImportTool(ctx),
  };
}
