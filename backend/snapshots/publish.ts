import crypto from "node:crypto";
import type { Citation } from "../../contracts/citation.ts";
import type { TimedEvent } from "../../contracts/agent.ts";
import { insertEvents, listEventsToCopy } from "../agent/repo.ts";
import type { Deps } from "../deps.ts";
import { insertFiles, insertVersionRefs, listFilesToCopy, listOwnVersionIds } from "../files/shared-versions-repo.ts";
import { now } from "../platform/clock.ts";
import { refreshStatistics, type Executor } from "../platform/db/index.ts";
import type { Actor } from "../platform/http/context.ts";
import { insertMessages, listMessagesToCopy } from "../threads/message-repo.ts";
import { insertThreads, listThreadsToCopy } from "../threads/repo.ts";
import { loadThread } from "../threads/service.ts";
import { insertWorkspace } from "../workspaces/repo.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { insertSnapshot } from "./repo.ts";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Publishes a frozen copy of a workspace (or of one of its threads) as a snapshot with its own
 * workspace: copies of the threads, messages (ids remapped, citations pointing at the copied
 * files), the answers' stored events, and files rows that show the source's immutable versions
 * (no bytes, pages or passages are copied). A thread snapshot holds that thread, the files its
 * answers cite and its own thread files, nothing else of the Pod. Only the owner may publish.
 * Returns the snapshot's id.
 */
export async function publishSnapshot(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId?: string; isDiscoverable: boolean },
): Promise<string> {
  const ws = await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  if (o.threadId) await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const snapshotId = crypto.randomUUID();
  const snapWs = crypto.randomUUID();
  const at = now();
  await deps.db.kysely.transaction().execute(async (tx) => {
    await insertWorkspace(tx, {
      id: snapWs,
      ownerId: o.actor.user.id,
      name: ws.name,
      description: ws.description,
      isPublic: true,
      snapshotId,
    });
    const ids = await copyContent(tx, {
      from: o.workspaceId,
      to: snapWs,
      threadId: o.threadId,
      ownerId: o.actor.user.id,
    });
    await insertSnapshot(tx, {
      id: snapshotId,
      workspaceId: snapWs,
      threadId: o.threadId ? ids.get(o.threadId)! : null,
      sourceWorkspaceId: o.workspaceId,
      sourceThreadId: o.threadId ?? null,
      createdBy: o.actor.user.id,
      createdAt: at,
      isDiscoverable: o.isDiscoverable,
    });
  });
  await refreshStatistics(deps.db, ["files"]);
  return snapshotId;
}

/** Copies threads, messages, events and files rows; returns the map of source ids to copies' ids. */
async function copyContent(
  tx: Executor,
  o: { from: string; to: string; threadId?: string; ownerId: string },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const copyOf = (id: string) => {
    let c = ids.get(id);
    if (!c) ids.set(id, (c = crypto.randomUUID()));
    return c;
  };
  const threads = await listThreadsToCopy(tx, {
    workspaceId: o.from,
    threadIds: o.threadId ? [o.threadId] : undefined,
  });
  const messages = await listMessagesToCopy(tx, { workspaceId: o.from, threadId: o.threadId });
  for (const t of threads) copyOf(t.id);
  for (const m of messages) copyOf(m.id);

  // The versions each file's answers cite: a copied file shows them even when no longer current.
  const cited = new Map<string, Set<string>>();
  for (const m of messages)
    for (const c of JSON.parse(m.citations) as Citation[]) {
      if (!cited.has(c.file_id)) cited.set(c.file_id, new Set());
      cited.get(c.file_id)!.add(c.version_id);
    }
  const files = await listFilesToCopy(tx, {
    workspaceId: o.from,
    ...(o.threadId ? { fileIds: [...cited.keys()], threadId: o.threadId } : {}),
  });
  for (const f of files) copyOf(f.id);
  const remap = (text: string) => text.replace(UUID, (id) => ids.get(id) ?? id);

  await insertThreads(
    tx,
    threads.map((t) => ({ ...t, id: ids.get(t.id)!, workspace_id: o.to })),
  );
  await insertMessages(
    tx,
    messages.map((m) => ({
      ...m,
      id: ids.get(m.id)!,
      thread_id: ids.get(m.thread_id)!,
      parent_id: m.parent_id ? (ids.get(m.parent_id) ?? null) : null,
      // An answer still being written is not in the copy's future: it stays as far as it got.
      status: m.status === "streaming" ? "cancelled" : m.status,
      citations: remap(m.citations),
      file_ids: m.file_ids ? JSON.stringify(remapIds(JSON.parse(m.file_ids) as string[], ids)) : null,
      cancel_requested_at: null,
    })),
  );
  const events = await listEventsToCopy(tx, { workspaceId: o.from, threadId: o.threadId });
  await insertEvents(
    tx,
    (o.threadId ? withoutToolEvents(events) : events).map((e) => ({
      ...e,
      message_id: ids.get(e.message_id)!,
      events: remap(e.events),
    })),
  );

  const fileIds = files.map((f) => f.id);
  await insertFiles(
    tx,
    files.map((f) => ({
      ...f,
      id: ids.get(f.id)!,
      workspace_id: o.to,
      owner_id: o.ownerId,
      thread_id: f.thread_id ? (ids.get(f.thread_id) ?? null) : null,
      parent_file_id: f.parent_file_id ? (ids.get(f.parent_file_id) ?? null) : null,
      original_file_id: f.original_file_id ? (ids.get(f.original_file_id) ?? null) : null,
    })),
  );
  // Which versions each copy shows: the current one, the cited ones, and a thread file's history.
  const own = await listOwnVersionIds(tx, fileIds);
  const threadFiles = new Set(files.filter((f) => f.scope === "thread").map((f) => f.id));
  const refs = new Map<string, Set<string>>();
  const show = (fileId: string, versionId: string) => {
    if (!refs.has(fileId)) refs.set(fileId, new Set());
    refs.get(fileId)!.add(versionId);
  };
  for (const f of files) show(f.id, f.current_version_id!);
  for (const v of own) if (threadFiles.has(v.file_id) || cited.get(v.file_id)?.has(v.id)) show(v.file_id, v.id);
  // A thread file's version names the answer that wrote it: the copy names the copied answer.
  const writer = new Map(own.map((v) => [v.id, v.message_id ? (ids.get(v.message_id) ?? null) : null]));
  await insertVersionRefs(
    tx,
    [...refs].flatMap(([fileId, versions]) =>
      [...versions].map((version_id) => ({
        file_id: ids.get(fileId)!,
        version_id,
        message_id: writer.get(version_id) ?? null,
      })),
    ),
  );
  return ids;
}

function remapIds(list: string[], ids: Map<string, string>): string[] {
  return list.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : []));
}

type EventBatch = Awaited<ReturnType<typeof listEventsToCopy>>[number];

/**
 * A thread snapshot keeps its answers' thinking, text and citations, but not their tool calls and
 * results: a search's results name and quote files of the Pod the answer did not cite. Batches
 * are renumbered (seq and first_index stay contiguous, as followers read them).
 */
function withoutToolEvents(batches: EventBatch[]): EventBatch[] {
  const byMessage = new Map<string, EventBatch[]>();
  for (const b of batches) byMessage.set(b.message_id, [...(byMessage.get(b.message_id) ?? []), b]);
  const out: EventBatch[] = [];
  for (const list of byMessage.values()) {
    let seq = 0;
    let index = 0;
    for (const b of list.sort((x, y) => x.seq - y.seq)) {
      const kept = (JSON.parse(b.events) as TimedEvent[]).filter((t) => !TOOL_EVENTS.has(t.e.type));
      if (kept.length === 0) continue;
      out.push({ ...b, seq: seq++, first_index: index, events: JSON.stringify(kept) });
      index += kept.length;
    }
  }
  return out;
}

const TOOL_EVENTS = new Set<string>(["tool_call", "tool_result"]);
