import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import type { StreamEvent } from "../../contracts/agent.ts";
import type { SearchResult } from "../../contracts/search.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { findPageText } from "../ingestion/repo.ts";
import { searchWorkspace } from "../search/service.ts";
import { excerpt } from "./excerpt.ts";
import { bestSentence } from "./quote.ts";
import type { Sources } from "./sources.ts";
import { markdownTable, rowTable, type RowTable } from "./table-row.ts";

export const NO_MODEL_LINE =
  "No language model is configured, so here are the most relevant passages from your documents.";
export const SEARCH_CHOSEN_LINE =
  "Search mode (no language model): here are the most relevant passages from your documents.";
export const NOTHING_FOUND = "None of the documents in this workspace matches the question.";

/** Passages shown, and the size of the pieces the answer is streamed in. */
const PASSAGES = 8;
const CHUNK_CHARS = 24;
/** The search takes the question's first words; the rest rarely changes the ranking. */
const QUERY_CHARS = 1000;

/**
 * The answer without a language model: the best passages for the question, grouped by document
 * (documents in the order of their best passage). Each shows the sentence of the passage that best
 * matches the question with its neighbours (whole sentences), or, when that sentence is a row of
 * figures, the row as a table under the headings found above it on the page; its `[n]` citation
 * quotes exactly that sentence or row. The text streams in small pieces with short pauses (config
 * SEARCH_MODE_STREAM_DELAY_MS), like a model's, and its citations go through the same checks.
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
    for (const hit of hits) text += await passageItem(deps, hit, query, o.sources);
    text += "\n";
  }
  const pause = deps.config.SEARCH_MODE_STREAM_DELAY_MS;
  for (const piece of chunks(text.trimEnd() + "\n")) {
    if (o.signal.aborted) return;
    yield { type: "text_delta", text: piece };
    if (pause > 0) await sleep(pause, undefined, { signal: o.signal }).catch(() => undefined);
    else await nextTurn();
  }
}

/** One list item: the page, then the passage's excerpt or its row as a table, and the citation. */
async function passageItem(deps: Deps, hit: SearchResult, query: string, sources: Sources): Promise<string> {
  const quote = bestSentence(hit.text, query);
  const source = sources.add({
    file_id: hit.file_id,
    version_id: hit.version_id,
    filename: hit.filename,
    page: hit.page,
    text: hit.text,
    quote,
  });
  const marker = `[${source.n}]`;
  const table = await tableOf(deps, hit, quote);
  if (table) return `- Page ${hit.page}:\n\n${markdownTable(table, marker).replace(/^/gm, "  ")}\n\n`;
  return `- Page ${hit.page}: ${markdownText(excerpt(hit.text, quote))} ${marker}\n`;
}

/** The quoted line as a table, its headings looked for above it on the whole page. */
async function tableOf(deps: Deps, hit: SearchResult, quote: string): Promise<RowTable | null> {
  if (quote.includes("\n")) return null;
  const page = (await findPageText(deps.db.kysely, { versionId: hit.version_id, page: hit.page })) ?? hit.text;
  for (const text of [page, hit.text]) {
    const lines = text.split("\n");
    const index = lines.findIndex((l) => l.trim() === quote.trim());
    if (index >= 0) return rowTable(lines, index);
  }
  return null;
}

function groupByDocument(results: SearchResult[]): [filename: string, hits: SearchResult[]][] {
  const groups = new Map<string, SearchResult[]>();
  for (const r of results) groups.set(r.file_id, [...(groups.get(r.file_id) ?? []), r]);
  return [...groups.values()].map((hits) => [hits[0]!.filename, hits]);
}

/** An excerpt as Markdown text: no emphasis, code or citation marker can come out of it. */
function markdownText(s: string): string {
  return s
    .replace(/\[/g, "(")
    .replace(/\]/g, ")")
    .replace(/([\\*_`~<])/g, "\\$1");
}

/**
 * Pieces of about `CHUNK_CHARS`, split after spaces so words and markers arrive whole; a table
 * arrives whole (a header line alone would show as text for a moment).
 */
export function* chunks(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    let end: number;
    const table = /^(?: *\|.*\n)+/.exec(text.slice(at));
    if (table && (at === 0 || text[at - 1] === "\n")) end = at + table[0].length;
    else {
      end = Math.min(text.length, at + CHUNK_CHARS);
      if (end < text.length) {
        const sp = text.lastIndexOf(" ", end);
        if (sp > at) end = sp + 1;
      }
      // Stop before a table starts, so that it is sent on its own.
      const next = text.slice(at, end).search(/\n *\|/);
      if (next >= 0) end = at + next + 1;
    }
    yield text.slice(at, end);
    at = end;
  }
}
