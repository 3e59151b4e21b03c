import { tool, zodSchema } from "ai";
import { z } from "zod";
import { findWorkspaceFileHead } from "../../files/repo.ts";
import { listPages } from "../../ingestion/repo.ts";
import { searchWorkspace } from "../../search/service.ts";
import { ToolInputError, type ToolContext } from "./context.ts";

/** Caps on what one tool call hands the model. */
const PASSAGE_CHARS = 1_500;
const PAGE_CHARS = 8_000;
const READ_TOTAL_CHARS = 24_000;
const MAX_PAGES = 10;

/**
 * Tool input schemas are wrapped once per process (here and in the other tool files): the AI SDK
 * converts a bare zod schema to JSON Schema again on every model call, 2.5 ms of CPU a step for
 * the seven tools; `zodSchema()` keeps its conversion.
 */
const searchDocumentsInput = zodSchema(
  z.object({
    query: z.string().min(1).max(1000).describe("Words to look for; name companies, periods and metrics explicitly"),
    file_ids: z.array(z.string()).max(50).optional().describe("Search only these files (ids from earlier results)"),
    limit: z.number().int().min(1).max(20).optional().describe("How many passages (default 8)"),
  }),
);

const readPagesInput = zodSchema(
  z.object({
    file_id: z.string().min(1).describe("The file, from a search result"),
    pages: z.array(z.number().int().min(1)).min(1).max(MAX_PAGES).describe("1-based page numbers"),
  }),
);

/** The document tools: full-text search and whole pages, each numbered as a source to cite. */
export function searchTools(ctx: ToolContext) {
  return {
    search_documents: tool({
      description:
        "Full-text search over the workspace's documents. Returns the best passages, each with a source number n to cite as [n], its file and page.",
      inputSchema: searchDocumentsInput,
      execute: async ({ query, file_ids, limit }) => {
        const fileIds = scope(ctx, file_ids);
        const { results } = await searchWorkspace(ctx.deps, {
          actor: ctx.actor,
          workspaceId: ctx.workspaceId,
          query,
          fileIds,
          limit: limit ?? 8,
        });
        return {
          results: results.map((r) => {
            const text = r.text.slice(0, PASSAGE_CHARS);
            const s = ctx.sources.add({
              file_id: r.file_id,
              version_id: r.version_id,
              filename: r.filename,
              page: r.page,
              text,
            });
            return { n: s.n, file_id: r.file_id, filename: r.filename, page: r.page, text };
          }),
        };
      },
    }),
    read_pages: tool({
      description: `Read whole pages of one document (at most ${MAX_PAGES} pages a call). Each page comes with a source number n to cite as [n].`,
      inputSchema: readPagesInput,
      execute: async ({ file_id, pages }) => {
        const [fileId] = scope(ctx, [file_id]) ?? [file_id];
        const file = await findWorkspaceFileHead(ctx.deps.db.kysely, { workspaceId: ctx.workspaceId, fileId: fileId! });
        if (!file?.current_version_id) throw new ToolInputError(`No file ${file_id} in this workspace.`);
        const wanted = [...new Set(pages)].sort((a, b) => a - b);
        const rows = await listPages(ctx.deps.db.kysely, { versionId: file.current_version_id, pages: wanted });
        let budget = READ_TOTAL_CHARS;
        const out = rows.map((r) => {
          const text = r.text.slice(0, Math.max(0, Math.min(PAGE_CHARS, budget)));
          budget -= text.length;
          const s = ctx.sources.add({
            file_id: file.id,
            version_id: file.current_version_id!,
            filename: file.filename,
            page: r.page,
            text,
          });
          return { n: s.n, page: r.page, text, truncated: text.length < r.text.length };
        });
        const found = new Set(rows.map((r) => r.page));
        return {
          file_id: file.id,
          filename: file.filename,
          pages: out,
          missing_pages: wanted.filter((p) => !found.has(p)),
        };
      },
    }),
  };
}

/** The files a tool may look at: what it asked for, within the question's scope. */
function scope(ctx: ToolContext, asked: string[] | undefined): string[] | undefined {
  if (!asked?.length) return ctx.fileIds;
  if (!ctx.fileIds) return asked;
  const allowed = asked.filter((id) => ctx.fileIds!.includes(id));
  if (allowed.length === 0) throw new ToolInputError("Those files are outside the files this question is limited to.");
  return allowed;
}
