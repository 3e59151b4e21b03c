import { useEffect, useState } from "react";

/** Answers kept for a minute, so moving between a Pod's empty threads neither flickers nor asks again. */
const KEEP_MS = 60_000;
const recent = new Map<string, { prompts: string[]; at: number }>();

export type Suggestions =
  { state: "loading" } | { state: "error"; message: string } | { state: "ok"; prompts: string[] };

/**
 * The Pod's suggested questions (POST /resources/workspaces/{id}/suggested-prompts), asked for once
 * per mount (or kept from a minute ago); `key` changes (more files indexed) ask again. Null: don't ask.
 */
export function useSuggestedQuestions(workspaceId: string | null, count = 4, key = ""): Suggestions {
  const [s, setS] = useState<Suggestions>({ state: "loading" });
  useEffect(() => {
    if (!workspaceId) return;
    const cacheKey = `${workspaceId}:${count}:${key}`;
    const kept = recent.get(cacheKey);
    if (kept && Date.now() - kept.at < KEEP_MS) {
      setS({ state: "ok", prompts: kept.prompts });
      return;
    }
    const ctl = new AbortController();
    setS({ state: "loading" });
    fetch(`/resources/workspaces/${encodeURIComponent(workspaceId)}/suggested-prompts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count }),
      signal: ctl.signal,
      credentials: "same-origin",
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as {
          prompts?: string[];
          error?: { message?: string };
        } | null;
        if (!res.ok || !body?.prompts)
          setS({ state: "error", message: body?.error?.message ?? "Suggested questions could not be loaded." });
        else {
          recent.set(cacheKey, { prompts: body.prompts, at: Date.now() });
          setS({ state: "ok", prompts: body.prompts });
        }
      })
      .catch((err: unknown) => {
        if (!ctl.signal.aborted)
          setS({ state: "error", message: `Suggested questions could not be loaded (${(err as Error).message}).` });
      });
    return () => ctl.abort();
  }, [workspaceId, count, key]);
  return s;
}
