import type { Citation } from "../../../contracts/citation.ts";
import { CitationChip } from "./citation-chip.tsx";

/** Citations grouped by file, files in the order of their first citation, pages in number order. */
export function groupSources(citations: Citation[]): { file_id: string; filename: string; citations: Citation[] }[] {
  const groups = new Map<string, { file_id: string; filename: string; citations: Citation[] }>();
  for (const c of [...citations].sort((a, b) => a.n - b.n)) {
    const g = groups.get(c.file_id) ?? { file_id: c.file_id, filename: c.filename, citations: [] };
    g.citations.push(c);
    groups.set(c.file_id, g);
  }
  for (const g of groups.values()) g.citations.sort((a, b) => a.page - b.page || a.n - b.n);
  return [...groups.values()];
}

/** An answer's sources: each file once, with a chip per cited page. */
export function SourcesList({ citations, onOpen }: { citations: Citation[]; onOpen: (c: Citation) => void }) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-2">
      <p className="text-xs font-medium text-slate-500">Sources</p>
      <ul className="mt-1 space-y-1" aria-label="Sources">
        {groupSources(citations).map((g) => (
          <li key={g.file_id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            <span className="min-w-0 truncate font-medium text-slate-700">{g.filename}</span>
            {g.citations.map((c) => (
              <span key={c.n} className="inline-flex items-center gap-1">
                <span className="text-slate-500">p. {c.page}</span>
                <CitationChip citation={c} onOpen={onOpen} />
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
