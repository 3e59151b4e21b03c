import type { ModelMessage } from "ai";
import type { Deps } from "../deps.ts";
import { historyRows } from "../threads/message-repo.ts";
import { stripMarkers } from "./markers.ts";

/** Earlier turns given back to the model, and how much of each. */
const HISTORY_MESSAGES = 12;
const HISTORY_CHARS = 4_000;

export function systemPrompt(o: {
  workspaceName: string;
  files: { id: string; filename: string }[];
  limited: boolean;
}): string {
  const list = o.files
    .slice(0, 50)
    .map((f) => `- ${f.filename} (file_id ${f.id})`)
    .join("\n");
  const more = o.files.length > 50 ? `\n- ...and ${o.files.length - 50} more` : "";
  return [
    `You are an analyst answering questions about the documents in the workspace "${o.workspaceName}".`,
    o.limited ? "The question is limited to these files:" : "Its files:",
    list ? list + more : "(no files yet)",
    "",
    "Find evidence with search_documents, then read_pages for the full text of promising pages. Every passage and page you are given has a source number n.",
    'Cite every fact you take from the documents right after it, as [n: "exact words from the source"]: copy a short sentence or phrase verbatim, without paraphrasing (write a double quote inside it as a single quote). [n] alone is allowed when the whole passage supports the claim.',
    "For numbers in spreadsheets (CSV, XLSX), compute with run_sql (totals, averages, group-bys) instead of adding up rows yourself, and use run_js for other calculations; cite the pages you read for the figures you report.",
    "Cite only source numbers you were given. If the documents do not answer the question, say so plainly instead of guessing.",
    "Answer in Markdown, concise and specific: numbers with their units and periods.",
    "For spreadsheets: read_workbook (values and formulas), trace_formula (how a cell is computed, down to its inputs), write_workbook (create or edit an .xlsx with live formulas, citing each input's source; it is saved to this thread).",
  ].join("\n");
}

/**
 * The thread so far as model messages: earlier active questions and finished answers, oldest
 * first, citation markers removed (their numbers meant sources of another answer), then the question.
 */
export async function conversation(
  deps: Deps,
  o: { threadId: string; before: string; question: string },
): Promise<ModelMessage[]> {
  const rows = await historyRows(deps.db.kysely, { threadId: o.threadId, before: o.before, limit: HISTORY_MESSAGES });
  const history: ModelMessage[] = rows
    .reverse()
    .filter((r) => r.role === "user" || r.status === "complete" || r.status === "cancelled")
    .map((r) => ({ role: r.role, content: cap(r.role === "assistant" ? stripMarkers(r.content) : r.content) }));
  return [...history, { role: "user", content: o.question }];
}

function cap(s: string): string {
  return s.length <= HISTORY_CHARS ? s : `${s.slice(0, HISTORY_CHARS)}…`;
}
