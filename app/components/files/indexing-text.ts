import type { EndpointResponse } from "../../../contracts/endpoint.ts";
import type { indexingStatus } from "../../../contracts/workspaces.ts";
import { formatCount, formatTimeLeft } from "../../lib/format.ts";

export type IndexingStatus = EndpointResponse<typeof indexingStatus>;

const files = (n: number) => `${formatCount(n)} file${n === 1 ? "" : "s"}`;

/** Files finished either way: indexed or failed. The progress bar's value. */
export const settledFiles = (s: IndexingStatus) => s.files_done + s.files_failed;

/** While indexing: "Indexing 3 of 12 files · 1 failed · 1,204 of 5,880 pages · about 2 min left". */
export function indexingSummary(s: IndexingStatus): string {
  const parts = [`Indexing ${formatCount(settledFiles(s))} of ${files(s.files_total)}`];
  if (s.files_failed > 0) parts.push(`${formatCount(s.files_failed)} failed`);
  if (s.pages_done < s.pages_total) parts.push(`${formatCount(s.pages_done)} of ${formatCount(s.pages_total)} pages`);
  else if (s.pages_total > 0) parts.push(`${formatCount(s.pages_total)} page${s.pages_total === 1 ? "" : "s"} indexed`);
  if (s.eta_seconds !== null) parts.push(formatTimeLeft(s.eta_seconds));
  return parts.join(" · ");
}

/** Once settled: "All 12 files indexed", or what failed; null when there is nothing to say. */
export function settledSummary(s: IndexingStatus): string | null {
  if (s.files_total === 0) return null;
  if (s.files_failed === 0) return s.files_done === 1 ? "1 file indexed" : `All ${files(s.files_done)} indexed`;
  return `${formatCount(s.files_done)} of ${files(s.files_total)} indexed · ${formatCount(s.files_failed)} failed`;
}
