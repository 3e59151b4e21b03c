/** Small helpers shared by the benches. */
import type { Deps } from "../backend/deps.ts";

/** Runs `fn` over `items`, at most `limit` at once, in order of start. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

/**
 * Samples this process's resident set size (worker threads included: they share the process)
 * every `everyMs`, plus any extra sampler (e.g. child processes). `stop` returns the peak in bytes.
 */
export function sampleRss(everyMs = 100, extra: () => number = () => 0): { stop(): number; peek(): number } {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss() + extra());
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
    peek: () => peak,
  };
}

/** Polls the ingestion queue until nothing is queued or running; returns the jobs' outcomes. */
export async function waitForQueue(
  deps: Deps,
  o: { everyMs?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ done: number; failed: number }> {
  for (;;) {
    const rows = await deps.db.kysely
      .selectFrom("jobs")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    const pending = count("queued") + count("running");
    o.onProgress?.(count("done") + count("failed"), pending + count("done") + count("failed"));
    if (pending === 0) return { done: count("done"), failed: count("failed") };
    await new Promise((resolve) => setTimeout(resolve, o.everyMs ?? 250));
  }
}

/** bench:retrieval's PostgreSQL database (`--db postgres`), which bench:explain reads again. */
export const retrievalDatabaseUrl = (): string =>
  process.env.RETRIEVAL_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_retrieval";
/** The account bench:retrieval's workspaces belong to. */
export const RETRIEVAL_ACCOUNT = { email: "bench@example.com", password: "bench-password" };
