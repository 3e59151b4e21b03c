import type { Workspace } from "../../contracts/workspaces.ts";
import type { Actor } from "../platform/http/context.ts";
import type { WorkspaceRow } from "./repo.ts";

export function presentWorkspace(row: WorkspaceRow, actor: Actor | null): Workspace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_public: row.is_public === 1,
    is_bookmarked: Boolean(row.is_bookmarked),
    // A snapshot's workspace is read-only, its publisher's too.
    permission: actor?.user.id === row.owner_id && !row.snapshot_id ? "owner" : "viewer",
    is_published: Boolean(row.snapshot_id) || Boolean(row.has_snapshot),
    snapshot_id: row.snapshot_id,
    bookmark_count: Number(row.bookmark_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
