import crypto from "node:crypto";
import type { Workspace } from "../../contracts/workspaces.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import type { Actor } from "../platform/http/context.ts";
import { page } from "../platform/paging.ts";
import { authorize, notFound, type WorkspaceAbilities } from "./policy.ts";
import { presentWorkspace } from "./present.ts";
import * as repo from "./repo.ts";
import { titleFromQuery } from "../threads/title.ts";

/** Loads a workspace the actor may use for `ability`, or throws 404/403. */
export async function loadWorkspace(
  deps: Deps,
  actor: Actor | null,
  id: string,
  ability: keyof WorkspaceAbilities = "read",
) {
  const ws = await repo.findWorkspace(deps.db.kysely, id);
  if (!ws) throw notFound();
  authorize(actor, ws, ability);
  return ws;
}

async function present(deps: Deps, actor: Actor | null, id: string): Promise<Workspace> {
  const row = await repo.getWorkspaceRow(deps.db.kysely, id, actor?.user.id ?? null);
  if (!row) throw notFound();
  return presentWorkspace(row, actor);
}

export async function listWorkspaces(
  deps: Deps,
  o: { actor: Actor; filter: "owned" | "bookmarked" | "all"; limit: number; cursor?: string },
) {
  const rows = await repo.listWorkspaceRows(deps.db.kysely, {
    userId: o.actor.user.id,
    filter: o.filter,
    limit: o.limit,
    cursor: o.cursor,
  });
  const p = page(rows, o.limit, (r) => [r.updated_at, r.id]);
  return { workspaces: p.items.map((r) => presentWorkspace(r, o.actor)), next_cursor: p.next_cursor };
}

export async function createWorkspace(
  deps: Deps,
  o: { actor: Actor; name: string; isPublic: boolean; description?: string },
) {
  requireFullAccess(o.actor);
  const id = crypto.randomUUID();
  await repo.insertWorkspace(deps.db.kysely, {
    id,
    ownerId: o.actor.user.id,
    name: o.name,
    description: o.description ?? "",
    isPublic: o.isPublic,
  });
  return present(deps, o.actor, id);
}

export async function getWorkspace(deps: Deps, o: { actor: Actor | null; workspaceId: string }) {
  await loadWorkspace(deps, o.actor, o.workspaceId);
  return present(deps, o.actor, o.workspaceId);
}

export async function updateWorkspace(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; name?: string; description?: string; isPublic?: boolean },
) {
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  await repo.updateWorkspace(deps.db.kysely, o.workspaceId, {
    name: o.name,
    description: o.description,
    isPublic: o.isPublic,
  });
  return present(deps, o.actor, o.workspaceId);
}

/**
 * `removeFiles` deletes the workspace's files with the rows `deleteRows` deletes (the files
 * domain keeps the ones a snapshot still shows, and removes bytes nothing names any more).
 */
export async function deleteWorkspace(
  deps: Deps,
  o: {
    actor: Actor;
    workspaceId: string;
    removeFiles: (workspaceId: string, deleteRows: (tx: Executor) => Promise<void>) => Promise<void>;
  },
) {
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  await o.removeFiles(o.workspaceId, (tx) => repo.deleteWorkspace(tx, o.workspaceId));
}

export async function setBookmark(deps: Deps, o: { actor: Actor; workspaceId: string; on: boolean }) {
  // Removing one's bookmark is open to any reader, but not in a snapshot (nothing there changes).
  await loadWorkspace(deps, o.actor, o.workspaceId, o.on ? "bookmark" : "annotate");
  await repo.setWorkspaceBookmark(deps.db.kysely, { userId: o.actor.user.id, workspaceId: o.workspaceId, on: o.on });
  return present(deps, o.actor, o.workspaceId);
}

export async function mostBookmarked(deps: Deps, o: { actor: Actor | null; lastNDays: number; limit: number }) {
  const since = new Date(Date.now() - o.lastNDays * 86_400_000).toISOString();
  const rows = await repo.mostBookmarked(deps.db.kysely, { since, limit: o.limit, viewerId: o.actor?.user.id ?? null });
  return { workspaces: rows.filter((r) => Number(r.recent) > 0).map((r) => presentWorkspace(r, o.actor)) };
}

export async function autoRenameWorkspace(deps: Deps, o: { actor: Actor; workspaceId: string; userQuery: string }) {
  return updateWorkspace(deps, { actor: o.actor, workspaceId: o.workspaceId, name: titleFromQuery(o.userQuery) });
}
