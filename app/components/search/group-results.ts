import type { FindFilesEvent } from "../../../contracts/raw-endpoints.ts";

export type FileHit = Extract<FindFilesEvent, { type: "file" }>;

export interface ResultGroup {
  /** The Pod's id, or null for the account library. */
  workspaceId: string | null;
  name: string;
  hits: FileHit[];
}

/**
 * find_files' hits by Pod, in the order their best hit arrived (the stream is best first), the
 * account library as its own group; within a Pod the hits keep the stream's order.
 */
export function groupResults(hits: FileHit[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const h of hits) {
    const key = h.scope === "account" ? "account" : `w:${h.workspace_id}`;
    let g = groups.get(key);
    if (!g) {
      g =
        h.scope === "account"
          ? { workspaceId: null, name: "Library", hits: [] }
          : { workspaceId: h.workspace_id, name: h.workspace_name ?? "Untitled Pod", hits: [] };
      groups.set(key, g);
    }
    g.hits.push(h);
  }
  return [...groups.values()];
}

/** Where a hit opens: the Pod's files screen with the file's viewer at the hit's page; library files in the library. */
export function hitHref(h: FileHit): string {
  if (h.scope === "account" || !h.workspace_id) return "/library";
  const q = new URLSearchParams({ file: h.file_id });
  if (h.page) q.set("page", String(h.page));
  return `/workspace/${h.workspace_id}?${q}`;
}
