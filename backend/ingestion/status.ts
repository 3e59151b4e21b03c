import type { Deps } from "../deps.ts";
import { listFileStates } from "../files/repo.ts";
import { staleUploadCutoff } from "../files/upload.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { countIndexedPages, recentIngestJobs } from "./repo.ts";

/**
 * Progress of a workspace's indexing: files by state; pages of the indexed current versions plus
 * those of running jobs as their parsers report them (a running PDF adds its page count to
 * pages_total as soon as it is known, and its parsed pages to pages_done as it goes); and an
 * estimate from how long this workspace's recent jobs took.
 */
export async function indexingStatus(deps: Deps, o: { actor: Actor | null; workspaceId: string }) {
  const ws = await loadWorkspace(deps, o.actor, o.workspaceId);
  const db = deps.db.kysely;
  // Viewers of a public workspace count what its file list shows them: no uploads in progress,
  // no failures (their names and reasons are the owner's business).
  const isOwner = ws.owner_id === o.actor?.user.id;
  // Abandoned reservations (awaiting the sweep) are not work in progress.
  const rows = await listFileStates(db, {
    workspaceId: o.workspaceId,
    staleBefore: staleUploadCutoff(),
    finishedOnly: !isOwner,
  });
  const jobs = await recentIngestJobs(db, {
    workspaceId: o.workspaceId,
    finishedSince: new Date(Date.now() - 3600_000).toISOString(),
  });
  const pageCount = await countIndexedPages(db, o.workspaceId);
  const pending = jobs.filter((j) => j.status === "queued" || j.status === "running").length;
  const failed = rows.filter((r) => r.status === "failed");
  const running = jobs.filter((j) => j.status === "running" && !j.indexed_version);
  const runningDone = running.reduce((n, j) => n + (j.pages_done ?? 0), 0);
  const runningTotal = running.reduce((n, j) => n + Math.max(j.pages_total ?? 0, j.pages_done ?? 0), 0);
  return {
    state: pending > 0 || rows.some((r) => r.status === "uploading") ? ("indexing" as const) : ("idle" as const),
    files_total: rows.length,
    files_done: rows.filter((r) => r.status === "indexed").length,
    files_failed: failed.length,
    pages_total: pageCount + runningTotal,
    pages_done: pageCount + runningDone,
    eta_seconds: eta(jobs, pending),
    failures: failed.map((r) => ({ file_id: r.id, filename: r.filename, reason: r.error ?? "Unknown error" })),
  };
}

/** Pending jobs times the mean duration of the last hour's finished ones; null without a basis. */
function eta(jobs: { status: string; locked_at: string | null; updated_at: string }[], pending: number): number | null {
  if (pending === 0) return null;
  const durations = jobs
    .filter((j) => j.status === "done" && j.locked_at)
    .map((j) => Date.parse(j.updated_at) - Date.parse(j.locked_at!))
    .filter((ms) => ms >= 0);
  if (durations.length === 0) return null;
  const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
  return Math.ceil((pending * mean) / 1000);
}
