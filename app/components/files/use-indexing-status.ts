import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { FileInfo } from "../../../contracts/files.ts";
import type { IndexingStatus } from "./indexing-text.ts";

export interface FileState {
  id: string;
  status: FileInfo["status"];
  error: string | null;
}

/** What /resources/workspaces/:id/indexing answers. */
export interface IndexingSnapshot {
  status: IndexingStatus;
  files: FileState[];
}

export const POLL_MS = 1500;

const countsOf = (s: IndexingStatus) => `${s.state}:${s.files_total}:${s.files_done}:${s.files_failed}`;

/**
 * Indexing as it happens. Starts from the loader's status; while the workspace is indexing it
 * polls the resource route every 1.5 s (skipping ticks in a hidden tab) and stops once idle. Each
 * file's state comes from the latest poll, so badges move without reloading the page; when the
 * counts move, the route's loaders are revalidated so the list itself catches up. A poll that
 * started before newer loader data arrived is dropped.
 */
export function useIndexingStatus(workspaceId: string, loaded: IndexingStatus, files: FileInfo[]) {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<{ from: IndexingStatus; snapshot: IndexingSnapshot } | null>(null);
  const fresh = live && live.from === loaded ? live.snapshot : null;
  const status = fresh?.status ?? loaded;
  const indexing = status.state === "indexing";
  const loadedRef = useRef(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  }, [loaded]);

  useEffect(() => {
    if (!indexing) return;
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState === "hidden") return;
      const from = loadedRef.current;
      try {
        const res = await fetch(`/resources/workspaces/${encodeURIComponent(workspaceId)}/indexing`, {
          headers: { accept: "application/json" },
        });
        // Gone or no longer ours (deleted, signed out): nothing more to watch.
        if (res.status >= 400 && res.status < 500) stopped = true;
        if (!res.ok) return;
        const snapshot = (await res.json()) as IndexingSnapshot;
        if (!stopped) setLive({ from, snapshot });
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    };
    const timer = setInterval(() => {
      if (stopped) clearInterval(timer);
      else void tick();
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [indexing, workspaceId]);

  useEffect(() => {
    if (!fresh || revalidator.state !== "idle") return;
    const known = new Set(files.map((f) => f.id));
    const listChanged = fresh.files.length !== files.length || fresh.files.some((f) => !known.has(f.id));
    if (listChanged || countsOf(fresh.status) !== countsOf(loaded)) void revalidator.revalidate();
  }, [fresh, loaded, files, revalidator]);

  const states = new Map((fresh?.files ?? []).map((f) => [f.id, f]));
  return {
    status,
    /** The file with its latest known state. */
    current: (f: FileInfo): FileInfo => {
      const s = states.get(f.id);
      return s ? { ...f, status: s.status, error: s.error } : f;
    },
  };
}
