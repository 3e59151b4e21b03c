import type { SearchResult } from "../../contracts/search.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { queryWords, searchIndexFor } from "./search-index.ts";

export const SNIPPET_CHARS = 200;

export async function searchWorkspace(
  deps: Deps,
  o: { actor: Actor | null; workspaceId: string; query: string; fileIds?: string[]; limit: number },
): Promise<{ results: SearchResult[] }> {
  await loadWorkspace(deps, o.actor, o.workspaceId);
  const hits = await searchIndexFor(deps.db).search({ workspaceId: o.workspaceId, query: o.query, fileIds: o.fileIds, limit: o.limit });
  const words = queryWords(o.query);
  return { results: hits.map((h) => ({ ...h, page: Number(h.page), snippet: snippet(h.text, words) })) };
}

/** About `size` characters around the earliest match of any word (a stem matches its forms). */
export function snippet(text: string, words: string[], size = SNIPPET_CHARS): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of words) {
    // "revenues" is found by its stem "revenu" as well.
    const stem = w.length > 4 ? w.slice(0, -1) : w;
    const i = lower.indexOf(stem);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (text.length <= size) return text;
  let start = Math.max(0, (at < 0 ? 0 : at) - Math.floor(size / 3));
  start = Math.min(start, text.length - size);
  // Whole words at the edges.
  if (start > 0) {
    const sp = text.indexOf(" ", start);
    if (sp >= 0 && sp - start < 20) start = sp + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const sp = text.lastIndexOf(" ", end);
    if (sp > start + size / 2) end = sp;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
