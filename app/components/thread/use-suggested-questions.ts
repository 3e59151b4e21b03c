import { useEffect, useState } from "react";

export type Suggestions =
  { state: "loading" } | { state: "error"; message: string } | { state: "ok"; prompts: string[] };

/**
 * The Pod's suggested questions (POST /resources/workspaces/{id}/suggested-prompts), asked for once
 * per mount; `key` changes (more files indexed) ask again. Null: don't ask.
 */
export function useSuggestedQuestions(workspaceId: string | null, count = 4, key = ""): Suggestions {
  const [s, setS] = useState<Suggestions>({ state: "loading" });
  useEffect(() => {
    if (!workspaceId) return;
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
        else setS({ state: "ok", prompts: body.prompts });
      })
      .catch((err: unknown) => {
        if (!ctl.signal.aborted)
          setS({ state: "error", message: `Suggested questions could not be loaded (${(err as Error).message}).` });
      });
    return () => ctl.abort();
  }, [workspaceId, count, key]);
  return s;
}
