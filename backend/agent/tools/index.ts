import { codeTools } from "./code.ts";
import type { ToolContext } from "./context.ts";
import { edgarTools } from "./edgar.ts";
import { searchTools } from "./search.ts";
import { workbookTools } from "./workbook.ts";

/**
 * The agent's tools. Every passage or page they return is numbered through `sources`, so what
 * the model may cite is exactly what it was shown.
 */
export function agentTools(ctx: ToolContext) {
  return {
    ...searchTools(ctx),
    ...workbookTools(ctx),
    ...codeTools(ctx),
    // Without a declared User-Agent the SEC may not be called: the model is not offered it.
    ...(ctx.deps.config.EDGAR_USER_AGENT ? edgarTools(ctx) : undefined),
  };
}
