import type { Snapshot } from "../../../contracts/snapshots.ts";

/** The Published Links tab's filters (spec section 2), in the order they are shown. */
export const PUBLISHED_FILTERS = [
  { value: "all", label: "All" },
  { value: "pods", label: "Pods" },
  { value: "threads", label: "Threads" },
  { value: "discoverable", label: "Discoverable Only" },
] as const;

export type PublishedFilter = (typeof PUBLISHED_FILTERS)[number]["value"];

/** The filter a `?filter=` value names; a missing or unknown one shows everything. */
export function parsePublishedFilter(value: string | null): PublishedFilter {
  return PUBLISHED_FILTERS.find((f) => f.value === value)?.value ?? "all";
}

export function filterSnapshots(snapshots: Snapshot[], filter: PublishedFilter): Snapshot[] {
  switch (filter) {
    case "all":
      return snapshots;
    case "pods":
      return snapshots.filter((s) => s.thread_id === null);
    case "threads":
      return snapshots.filter((s) => s.thread_id !== null);
    case "discoverable":
      return snapshots.filter((s) => s.is_discoverable);
  }
}

/**
 * Section 8's filtered-empty text, 'No {type} discoverable snapshots found.': {type} is "pod" or
 * "thread" for those filters and nothing for Discoverable Only. (All is never filtered-empty: with
 * no snapshots at all the page says 'You haven't published any links yet.')
 */
export function filteredEmptyText(filter: Exclude<PublishedFilter, "all">): string {
  const type = { pods: "pod ", threads: "thread ", discoverable: "" }[filter];
  return `No ${type}discoverable snapshots found.`;
}

/** The row's title: the thread's name for a thread snapshot, else the Pod's, else 'Published Pod {id}'. */
export function snapshotTitle(s: Snapshot): string {
  return s.thread_name || s.workspace_name || `Published Pod ${s.id}`;
}

/** The query string that shows `filter` (none for All), plus `extra` parameters. */
export function filterSearch(filter: PublishedFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(filter === "all" ? extra : { filter, ...extra });
  const q = params.toString();
  return q ? `?${q}` : "";
}
