import { useCallback, useRef, useState } from "react";

export type UploadPhase = "queued" | "hashing" | "uploading" | "finalizing" | "done" | "failed";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  progress: number;
  error?: string;
}

export type Uploads = ReturnType<typeof useUploads>;

const CONCURRENCY = 3;
let seq = 0;

/**
 * Upload state for a list of files: each goes through `send` (which reports progress), at most
 * three at a time. `onSettled` runs once a batch (or a retry) is over (e.g. to reload the file
 * list). A failed upload keeps its File, so `retry` sends the same bytes again without the user
 * picking the file a second time; `dismiss` forgets it.
 */
export function useUploads(
  send: (file: File, update: (patch: Partial<UploadItem>) => void) => Promise<void>,
  onSettled: () => void,
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  // The bytes behind each item still shown; kept out of state, React has nothing to render from them.
  const files = useRef(new Map<string, File>());
  // Keys queued or being sent: a second Retry click before the first re-render must not send twice.
  const busy = useRef(new Set<string>());

  const run = useCallback(
    async (keys: string[]) => {
      for (const k of keys) busy.current.add(k);
      const queue = [...keys];
      const worker = async () => {
        for (let key = queue.shift(); key; key = queue.shift()) {
          const file = files.current.get(key);
          if (!file) {
            busy.current.delete(key); // dismissed while it waited
            continue;
          }
          const update = (patch: Partial<UploadItem>) =>
            setItems((prev) => prev.map((i) => (i.key === key ? { ...i, ...patch } : i)));
          try {
            await send(file, update);
            update({ phase: "done", progress: 1 });
          } catch (err) {
            update({ phase: "failed", error: err instanceof Error ? err.message : "The upload failed." });
          } finally {
            busy.current.delete(key);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, keys.length) }, worker));
      onSettled();
    },
    [send, onSettled],
  );

  const forget = useCallback((keep: (i: UploadItem) => boolean) => {
    setItems((prev) => {
      for (const i of prev) if (!keep(i)) files.current.delete(i.key);
      return prev.filter(keep);
    });
  }, []);

  const start = useCallback(
    async (picked: File[]) => {
      if (picked.length === 0) return;
      const batch = picked.map((f) => {
        const item: UploadItem = { key: `u${(seq += 1)}`, name: f.name, size: f.size, phase: "queued", progress: 0 };
        files.current.set(item.key, f);
        return item;
      });
      forget((i) => i.phase !== "done");
      setItems((prev) => [...prev, ...batch]);
      await run(batch.map((i) => i.key));
    },
    [run, forget],
  );

  const retry = useCallback(
    async (key: string) => {
      if (!files.current.has(key) || busy.current.has(key)) return;
      setItems((prev) =>
        prev.map((i) =>
          i.key === key && i.phase === "failed" ? { ...i, phase: "queued", progress: 0, error: undefined } : i,
        ),
      );
      await run([key]);
    },
    [run],
  );

  const dismiss = useCallback((key: string) => forget((i) => i.key !== key), [forget]);
  const clearFinished = useCallback(() => forget((i) => i.phase !== "done" && i.phase !== "failed"), [forget]);
  return { items, start, retry, dismiss, clearFinished };
}
