import type { SiteSnapshot, Snapshot } from "../../contracts/snapshots.ts";
import type { SnapshotRow } from "./repo.ts";

/** /share/{id}, or /share/{id}/thread/{thread_id} for a thread snapshot. */
export function sharePath(row: Pick<SnapshotRow, "id" | "thread_id">): string {
  return row.thread_id ? `/share/${row.id}/thread/${row.thread_id}` : `/share/${row.id}`;
}

export function presentSnapshot(row: SnapshotRow): Snapshot {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    thread_id: row.thread_id,
    created_at: row.created_at,
    is_discoverable: row.is_discoverable === 1,
    workspace_name: row.workspace_name,
    thread_name: row.thread_id ? (row.thread_name ?? null) : null,
    description: row.description,
    share_path: sharePath(row),
  };
}

/** Spec section 3: 'workspace - thread', or the workspace name alone, or 'Published Pod {id}'. */
export function siteLabel(o: { id: string; workspace_name: string | null; thread_name: string | null }): string {
  if (o.workspace_name && o.thread_name) return `${o.workspace_name} - ${o.thread_name}`;
  if (o.workspace_name) return o.workspace_name;
  return `Published Pod ${o.id}`;
}

export function presentSiteSnapshot(row: SnapshotRow): SiteSnapshot {
  const names = {
    id: row.id,
    workspace_name: row.workspace_name || null,
    thread_name: row.thread_id ? row.thread_name || null : null,
  };
  return {
    ...names,
    description: row.description,
    label: siteLabel(names),
    share_path: sharePath(row),
    created_at: row.created_at,
  };
}
