import { codeTools } from "./code.ts";
import type { ToolContext } from "./context.ts";
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
  };
}
