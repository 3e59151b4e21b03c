import { setImmediate as nextTurn } from "node:timers/promises";
import type { StreamEvent } from "../../contracts/agent.ts";
import type { SearchResult } from "../../contracts/search.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { searchWorkspace } from "../search/service.ts";
import { bestSentence } from "./quote.ts";
import type { Sources } from "./sources.ts";

export const NO_MODEL_LINE =
  "No language model is configured, so here are the most relevant passages from your documents.";
export const SEARCH_CHOSEN_LINE =
  "Search mode (no language model): here are the most relevant passages from your documents.";
export const NOTHING_FOUND = "None of the documents in this workspace matches the question.";

/** Passages shown, and the size of the pieces the answer is streamed in. */
const PASSAGES = 8;
const CHUNK_CHARS = 48;
/** The search takes the question's first words; the rest rarely changes the ranking. */
const QUERY_CHARS = 1000;

/**
 * The answer without a language model: the best passages for the question, grouped by document
 * (documents in the order of their best passage), each with a `[n]` marker whose citation quotes
 * the passage's sentence that best matches the question. The text streams in small pieces, like a
 * model's, and its citations go through the same checks.
 */
export async function* searchModeAnswer(
  deps: Deps,
  o: {
    actor: Actor;
    workspaceId: string;
    query: string;
    fileIds?: string[];
    sources: Sources;
    configured: boolean;
    signal: AbortSignal;
  },
): AsyncGenerator<StreamEvent> {
  const query = o.query.slice(0, QUERY_CHARS);
  const { results } = await searchWorkspace(deps, {
    actor: o.actor,
    workspaceId: o.workspaceId,
    query,
    fileIds: o.fileIds,
    limit: PASSAGES,
  });
  let text = `${o.configured ? SEARCH_CHOSEN_LINE : NO_MODEL_LINE}\n\n`;
  if (results.length === 0) text += `${NOTHING_FOUND}\n`;
  for (const [filename, hits] of groupByDocument(results)) {
    text += `**${filename.replace(/([*_`[\]\\])/g, "\\$1")}**\n\n`;
    for (const hit of hits) {
      const quote = bestSentence(hit.text, query);
      const source = o.sources.add({
        file_id: hit.file_id,
        version_id: hit.version_id,
        filename: hit.filename,
        page: hit.page,
        text: hit.text,
        quote,
      });
      text += `- Page ${hit.page}: ${oneLine(hit.snippet)} [${source.n}]\n`;
    }
    text += "\n";
  }
  for (const piece of chunks(text.trimEnd() + "\n")) {
    if (o.signal.aborted) return;
    yield { type: "text_delta", text: piece };
    await nextTurn();
  }
}

function groupByDocument(results: SearchResult[]): [filename: string, hits: SearchResult[]][] {
  const groups = new Map<string, SearchResult[]>();
  for (const r of results) groups.set(r.file_id, [...(groups.get(r.file_id) ?? []), r]);
  return [...groups.values()].map((hits) => [hits[0]!.filename, hits]);
}

/** A snippet as one line of Markdown that cannot be read as a citation marker. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").replace(/\[/g, "(").replace(/\]/g, ")").trim();
}

/** Pieces of about `CHUNK_CHARS`, split after spaces so words and markers arrive whole. */
function* chunks(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + CHUNK_CHARS);
    if (end < text.length) {
      const sp = text.lastIndexOf(" ", end);
      if (sp > at) end = sp + 1;
    }
    yield text.slice(at, end);
    at = end;
  }
}
