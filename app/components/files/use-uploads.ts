import { useCallback, useState } from "react";

export type UploadPhase = "queued" | "hashing" | "uploading" | "finalizing" | "done" | "failed";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  progress: number;
  error?: string;
}

const CONCURRENCY = 3;
let seq = 0;

/**
 * Upload state for a list of files: each goes through `send` (which reports progress), at most
 * three at a time. `onSettled` runs once the batch is over (e.g. to reload the file list).
 */
export function useUploads(
  send: (file: File, update: (patch: Partial<UploadItem>) => void) => Promise<void>,
  onSettled: () => void,
) {
  const [items, setItems] = useState<UploadItem[]>([]);

  const start = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const batch = files.map((f) => ({
        file: f,
        item: { key: `u${(seq += 1)}`, name: f.name, size: f.size, phase: "queued" as UploadPhase, progress: 0 },
      }));
      setItems((prev) => [...prev.filter((i) => i.phase !== "done"), ...batch.map((b) => b.item)]);
      const queue = [...batch];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const key = next.item.key;
          const update = (patch: Partial<UploadItem>) =>
            setItems((prev) => prev.map((i) => (i.key === key ? { ...i, ...patch } : i)));
          try {
            await send(next.file, update);
            update({ phase: "done", progress: 1 });
          } catch (err) {
            update({ phase: "failed", error: err instanceof Error ? err.message : "The upload failed." });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
      onSettled();
    },
    [send, onSettled],
  );

  const clearFinished = useCallback(
    () => setItems((prev) => prev.filter((i) => i.phase !== "done" && i.phase !== "failed")),
    [],
  );
  return { items, start, clearFinished };
}
