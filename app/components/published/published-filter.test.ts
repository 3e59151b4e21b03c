import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../../contracts/snapshots.ts";
import {
  filteredEmptyText,
  filterSearch,
  filterSnapshots,
  parsePublishedFilter,
  snapshotTitle,
} from "./published-filter.ts";

const snap = (id: string, o: Partial<Snapshot> = {}): Snapshot => ({
  id,
  workspace_id: `w-${id}`,
  thread_id: null,
  created_at: "2026-11-26T07:00:00.000Z",
  is_discoverable: false,
  workspace_name: `Pod ${id}`,
  thread_name: null,
  description: "",
  share_path: `/share/${id}`,
  ...o,
});

const pod = snap("pod");
const listedPod = snap("listed-pod", { is_discoverable: true });
const thread = snap("thread", { thread_id: "t1", thread_name: "Covenants" });
const listedThread = snap("listed-thread", { thread_id: "t2", thread_name: "Float", is_discoverable: true });
const all = [listedThread, thread, listedPod, pod];

describe("published links filters", () => {
  it("keeps the list's order and picks by kind or by discoverability", () => {
    expect(filterSnapshots(all, "all")).toEqual(all);
    expect(filterSnapshots(all, "pods").map((s) => s.id)).toEqual(["listed-pod", "pod"]);
    expect(filterSnapshots(all, "threads").map((s) => s.id)).toEqual(["listed-thread", "thread"]);
    expect(filterSnapshots(all, "discoverable").map((s) => s.id)).toEqual(["listed-thread", "listed-pod"]);
  });

  it("reads ?filter=, anything else showing everything", () => {
    expect(parsePublishedFilter("threads")).toBe("threads");
    expect(parsePublishedFilter("discoverable")).toBe("discoverable");
    expect(parsePublishedFilter(null)).toBe("all");
    expect(parsePublishedFilter("Pods")).toBe("all");
  });

  it("writes the query back, All being the bare page", () => {
    expect(filterSearch("all")).toBe("");
    expect(filterSearch("pods")).toBe("?filter=pods");
    expect(filterSearch("threads", { delete: "s 1" })).toBe("?filter=threads&delete=s+1");
    expect(filterSearch("all", { delete: "x" })).toBe("?delete=x");
  });

  it("says section 8's filtered-empty text with the filter's type", () => {
    expect(filteredEmptyText("pods")).toBe("No pod discoverable snapshots found.");
    expect(filteredEmptyText("threads")).toBe("No thread discoverable snapshots found.");
    expect(filteredEmptyText("discoverable")).toBe("No discoverable snapshots found.");
  });

  it("titles a row by its thread, else its Pod, else its id", () => {
    expect(snapshotTitle(thread)).toBe("Covenants");
    expect(snapshotTitle(pod)).toBe("Pod pod");
    expect(snapshotTitle(snap("x", { workspace_name: "" }))).toBe("Published Pod x");
  });
});
