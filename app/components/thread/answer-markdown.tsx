import { memo, useMemo } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { Citation } from "../../../contracts/citation.ts";
import { CitationChip } from "./citation-chip.tsx";
import { remarkCitations } from "./remark-citations.ts";
import { TableBlock } from "./table-block.tsx";

interface Props {
  content: string;
  citations: Record<number, Citation>;
  onOpenCitation: (c: Citation) => void;
  /** Names exported tables. */
  exportName: string;
}

/**
 * An answer's Markdown, rendered safely: react-markdown builds React elements (raw HTML is not
 * allowed, so nothing in an answer can run script), links are sanitised by its URL filter,
 * images are dropped (no pixels fetched from elsewhere). GFM tables, lists, code; `[n]` chips.
 */
/** The text of a hast node and its children. */
function textOf(node: { type: string; value?: string; children?: unknown[] }): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map((c) => textOf(c as Parameters<typeof textOf>[0])).join("");
}

export const AnswerMarkdown = memo(function AnswerMarkdown({ content, citations, onOpenCitation, exportName }: Props) {
  const known = useMemo(() => new Set(Object.keys(citations).map(Number)), [citations]);
  const components = useMemo<Components>(
    () => ({
      cite: ({ node }) => {
        const n = Number(node?.properties?.dataN);
        const c = citations[n];
        return c ? (
          <span data-citation-chip="">
            <CitationChip citation={c} onOpen={onOpenCitation} />
          </span>
        ) : (
          <>[{n}]</>
        );
      },
      a: ({ node: _node, ...p }) => (
        <a
          {...p}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-brand-700 underline underline-offset-2"
        />
      ),
      table: ({ node: _node, ...p }) => <TableBlock name={exportName} {...p} />,
      // A row quoted without recoverable headings comes with an empty header row: leave it out.
      thead: ({ node, ...p }) => (node && !textOf(node).trim() ? null : <thead {...p} />),
      // The corner above a column of row labels heads nothing: a plain cell, not an empty header.
      th: ({ node, ...p }) => (node && !textOf(node).trim() ? <td {...p} /> : <th {...p} />),
      pre: ({ node: _node, ...p }) => (
        <pre {...p} className="my-3 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-5 text-slate-100" />
      ),
      code: ({ node: _node, className, ...p }) => (
        <code
          className={`${className ?? ""} rounded bg-slate-200/60 px-1 py-0.5 font-mono text-[0.85em] [pre_&]:bg-transparent [pre_&]:p-0`}
          {...p}
        />
      ),
    }),
    [citations, onOpenCitation, exportName],
  );
  const plugins = useMemo(
    () => [remarkGfm, [remarkCitations, { known }]] as NonNullable<Parameters<typeof Markdown>[0]["remarkPlugins"]>,
    [known],
  );
  return (
    <div className="answer-markdown text-sm leading-6 text-slate-800">
      <Markdown remarkPlugins={plugins} components={components} disallowedElements={["img"]} unwrapDisallowed>
        {content}
      </Markdown>
    </div>
  );
});
