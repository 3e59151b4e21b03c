import { useEffect, useState } from "react";

export type Loaded<T> = { state: "loading" } | { state: "error"; message: string } | { state: "ok"; data: T };

/**
 * JSON from one of the web tier's resource routes (null: nothing to load), reloaded when the URL
 * changes; a refusal shows the API's message, anything else `what` "could not be loaded".
 */
export function useResourceJson<T>(url: string | null, what: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  useEffect(() => {
    if (!url) return;
    const ctl = new AbortController();
    setLoaded({ state: "loading" });
    fetch(url, { signal: ctl.signal, credentials: "same-origin" })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
        if (!res.ok || !body)
          setLoaded({ state: "error", message: body?.error?.message ?? `${what} could not be loaded.` });
        else setLoaded({ state: "ok", data: body });
      })
      .catch((err: unknown) => {
        if (!ctl.signal.aborted)
          setLoaded({ state: "error", message: `${what} could not be loaded (${(err as Error).message}).` });
      });
    return () => ctl.abort();
  }, [url, what]);
  return loaded;
}
