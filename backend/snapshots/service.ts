import { AppError } from "../../contracts/errors.ts";
import type { SiteSnapshot } from "../../contracts/snapshots.ts";
import type { Deps } from "../deps.ts";
import { collectGarbage } from "../files/removal.ts";
import { listFiles } from "../files/service.ts";
import type { Actor } from "../platform/http/context.ts";
import { page } from "../platform/paging.ts";
import { listMessages } from "../threads/messages.ts";
import { getThread, listThreads } from "../threads/service.ts";
import { notFound } from "../workspaces/policy.ts";
import { deleteWorkspace as deleteWorkspaceRow } from "../workspaces/repo.ts";
import { getWorkspace } from "../workspaces/service.ts";
import { presentSiteSnapshot, presentSnapshot } from "./present.ts";
import { publishSnapshot } from "./publish.ts";
import * as repo from "./repo.ts";

/** The public list: at most this many, cached in process this long (spec section 7: 5 minutes). */
const SITE_LIST_LIMIT = 200;
export const SITE_LIST_TTL_MS = 5 * 60_000;

/** The public list as last read, per process; a snapshot created or deleted here clears it. */
export interface SiteSnapshotCache {
  entry: { at: number; snapshots: SiteSnapshot[] } | null;
}

async function loadSnapshot(deps: Deps, id: string) {
  const row = await repo.findSnapshot(deps.db.kysely, id);
  if (!row) throw notFound("Snapshot");
  return row;
}

export async function publish(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId?: string; isDiscoverable: boolean },
) {
  const id = await publishSnapshot(deps, o);
  deps.siteSnapshots.entry = null;
  return presentSnapshot(await loadSnapshot(deps, id));
}

/** Anyone may read a snapshot. */
export async function getSnapshot(deps: Deps, o: { id: string }) {
  return presentSnapshot(await loadSnapshot(deps, o.id));
}

export async function listMySnapshots(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  const rows = await repo.listCreatorSnapshots(deps.db.kysely, { userId: o.actor.user.id, ...o });
  const p = page(rows, o.limit, (r) => [r.created_at, r.id]);
  return { snapshots: p.items.map(presentSnapshot), next_cursor: p.next_cursor };
}

export async function listSiteSnapshots(deps: Deps): Promise<{ snapshots: SiteSnapshot[] }> {
  const cached = deps.siteSnapshots.entry;
  if (cached && Date.now() - cached.at < SITE_LIST_TTL_MS) return { snapshots: cached.snapshots };
  const snapshots = (await repo.listDiscoverableSnapshots(deps.db.kysely, SITE_LIST_LIMIT)).map(presentSiteSnapshot);
  deps.siteSnapshots.entry = { at: Date.now(), snapshots };
  return { snapshots };
}

/**
 * Only its creator may delete a snapshot (admins included: no exception). Its workspace goes with
 * it (threads, messages, files rows); then versions only it showed, and bytes nothing names, go.
 */
export async function deleteSnapshot(deps: Deps, o: { actor: Actor; id: string }) {
  const s = await loadSnapshot(deps, o.id);
  if (s.created_by !== o.actor.user.id)
    throw new AppError("forbidden", "Only the person who published this snapshot can delete it.");
  await deleteWorkspaceRow(deps.db.kysely, s.workspace_id);
  deps.siteSnapshots.entry = null;
  await collectGarbage(deps);
}

// The snapshot's contents: its workspace's read routes, which answer anyone for a snapshot.

export async function getSnapshotWorkspace(deps: Deps, o: { actor: Actor | null; id: string }) {
  const s = await loadSnapshot(deps, o.id);
  return getWorkspace(deps, { actor: o.actor, workspaceId: s.workspace_id });
}

export async function listSnapshotThreads(
  deps: Deps,
  o: { actor: Actor | null; id: string; limit: number; cursor?: string },
) {
  const s = await loadSnapshot(deps, o.id);
  return listThreads(deps, { ...o, workspaceId: s.workspace_id });
}

export async function listSnapshotFiles(
  deps: Deps,
  o: { actor: Actor | null; id: string; limit: number; cursor?: string },
) {
  const s = await loadSnapshot(deps, o.id);
  return listFiles(deps, { ...o, workspaceId: s.workspace_id });
}

export async function getSnapshotThread(deps: Deps, o: { actor: Actor | null; id: string; threadId: string }) {
  const s = await loadSnapshot(deps, o.id);
  return getThread(deps, { actor: o.actor, workspaceId: s.workspace_id, threadId: o.threadId });
}

export async function listSnapshotMessages(
  deps: Deps,
  o: { actor: Actor | null; id: string; threadId: string; limit: number; cursor?: string },
) {
  const s = await loadSnapshot(deps, o.id);
  return listMessages(deps, { ...o, workspaceId: s.workspace_id });
}
