import { z } from "zod";
import { endpoint, rawEndpoint } from "./endpoint.ts";
import { file, filename } from "./files.ts";
import { hasUnsafeFilenameChars } from "./filename.ts";

/**
 * Thread files: what an answer (or the user, through edit_file) creates or edits inside a thread.
 * A thread file is a stable identity (`file_id`) with versions (`version_id`), newest first; it is
 * not indexed for search until it is transferred to the workspace. Paths are spec section 7's.
 */
const id = z.string().min(1).max(100);
/** A version id in a path may arrive blank (`.../files/%20/addon`): the service answers with the
 *  spec's exact "Missing file version id ..." message rather than a generic field error. */
const versionId = z.string().max(100);

export const threadFilesParams = z.object({ id, tid: id });
export const threadFileVersionParams = z.object({ id, tid: id, version_id: versionId });
export const threadFileParams = z.object({ id, tid: id, fid: id });

/** `is_latest=true`: `version_id` names any version of the file and the latest one is answered. */
export const isLatestQuery = z.object({ is_latest: z.enum(["true", "false", "1", "0"]).optional() });

/** Spec section 5's texts, sent as the error message with a stable code (contracts/errors.ts). */
export const THREAD_FILE_MESSAGES = {
  missingVersionForRequest: "Missing file version id for thread file request",
  missingVersionForAddon: "Missing file version id (vid) for thread file addon request",
  missingVersionForTransfer: "Missing file version id (vid) for transfer to workspace",
  transferTarget: "Must provide one of fileId or filename",
  versionAndOriginal: "fileVersion and originalFileId cannot be provided together",
} as const;

/** Edited files with no name of their own are saved as this (spec section 5). */
export const DEFAULT_EDITED_FILENAME = "workbook.xlsx";

export const threadFileVersion = z.object({
  version_id: z.string(),
  file_id: z.string(),
  /** 1 for the first version, counting up. */
  number: z.int(),
  byte_size: z.number().int(),
  content_type: z.string(),
  checksum: z.string(),
  /** The answer that wrote this version; null when the user saved it (edit_file). */
  message_id: z.string().nullable(),
  is_latest: z.boolean(),
  created_at: z.string(),
});
export type ThreadFileVersion = z.infer<typeof threadFileVersion>;

export const threadFile = z.object({
  file_id: z.string(),
  thread_id: z.string(),
  workspace_id: z.string(),
  filename: z.string(),
  /** The workspace file this one was first copied from (an edit of a workspace file), if any. */
  original_file_id: z.string().nullable(),
  latest_version_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Newest first. */
  versions: z.array(threadFileVersion),
});
export type ThreadFile = z.infer<typeof threadFile>;

/** What saving a version answers (edit_file, and the agent's write_workbook). */
export const savedThreadFileVersion = threadFileVersion.extend({ filename: z.string(), thread_id: z.string() });
export type SavedThreadFileVersion = z.infer<typeof savedThreadFileVersion>;

const cellValue = z.union([z.number(), z.string(), z.boolean(), z.null(), z.object({ error: z.string() })]);
export type ThreadFileCellValue = z.infer<typeof cellValue>;

/** What the viewer needs to show a version. */
export const threadFileAddon = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("workbook"),
    file_id: z.string(),
    version_id: z.string(),
    filename: z.string(),
    is_latest: z.boolean(),
    sheets: z.array(
      z.object({
        name: z.string(),
        hidden: z.boolean(),
        /** The used area, e.g. `A1:F7`; null for an empty sheet. */
        dimensions: z.string().nullable(),
        cell_count: z.number().int(),
        cells: z.array(
          z.object({
            ref: z.string(),
            value: cellValue,
            formula: z.string().nullable(),
            num_fmt: z.string().nullable(),
            /** The value as its number format shows it, when that differs. */
            text: z.string().nullable(),
            comment: z.string().nullable(),
          }),
        ),
        truncated: z.boolean(),
      }),
    ),
    truncated: z.boolean(),
  }),
  z.object({
    kind: z.literal("text"),
    file_id: z.string(),
    version_id: z.string(),
    filename: z.string(),
    is_latest: z.boolean(),
    text: z.string(),
    truncated: z.boolean(),
  }),
  /** Anything else (PDF, images...): the viewer downloads it. */
  z.object({
    kind: z.literal("binary"),
    file_id: z.string(),
    version_id: z.string(),
    filename: z.string(),
    is_latest: z.boolean(),
    content_type: z.string(),
  }),
]);
export type ThreadFileAddon = z.infer<typeof threadFileAddon>;

const cellState = z.object({ value: cellValue, formula: z.string().nullable() });

export const threadFileDiff = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("workbook"),
    file_id: z.string(),
    from: z.string(),
    to: z.string(),
    sheets_added: z.array(z.string()),
    sheets_removed: z.array(z.string()),
    changes: z.array(
      z.object({
        sheet: z.string(),
        /** Where the cell is in `to` (in `from` for a removed cell). */
        cell: z.string(),
        /** Where it was in `from`, when rows added or removed above moved it. */
        before_cell: z.string().nullable(),
        before: cellState.nullable(),
        after: cellState.nullable(),
        kind: z.enum(["value", "formula", "added", "removed"]),
      }),
    ),
    /** Per sheet in both versions: rows that appeared (new numbers) or went (old numbers). */
    rows: z.array(z.object({ sheet: z.string(), added: z.array(z.int()), removed: z.array(z.int()) })),
    truncated: z.boolean(),
  }),
  z.object({
    kind: z.literal("text"),
    file_id: z.string(),
    from: z.string(),
    to: z.string(),
    identical: z.boolean(),
    added: z.int(),
    removed: z.int(),
    hunks: z.array(
      z.object({
        old_start: z.int(),
        old_lines: z.int(),
        new_start: z.int(),
        new_lines: z.int(),
        lines: z.array(
          z.object({
            type: z.enum(["added", "removed", "unchanged"]),
            old_line: z.int().nullable(),
            new_line: z.int().nullable(),
            text: z.string(),
          }),
        ),
      }),
    ),
  }),
]);
export type ThreadFileDiff = z.infer<typeof threadFileDiff>;

export const listThreadFiles = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/files",
  tag: "thread-files",
  auth: "optional",
  status: 200,
  summary: "The thread's files, each with its versions (newest first)",
  params: threadFilesParams,
  response: z.object({ files: z.array(threadFile) }),
});
export const getThreadFileVersion = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/files/{version_id}",
  tag: "thread-files",
  auth: "optional",
  status: 200,
  summary: "One version of a thread file (the latest with is_latest=true) and a short-lived download URL",
  params: threadFileVersionParams,
  query: isLatestQuery,
  response: savedThreadFileVersion.extend({ download_url: z.string() }),
});
export const getThreadFileAddon = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/files/{version_id}/addon",
  tag: "thread-files",
  auth: "optional",
  status: 200,
  summary: "What the viewer shows of a version: a workbook's sheets with values and formulas, or a document's text",
  params: threadFileVersionParams,
  query: isLatestQuery,
  response: threadFileAddon,
});
export const renameThreadFile = endpoint({
  method: "patch",
  path: "/workspaces/{id}/threads/{tid}/files/{fid}/filename",
  tag: "thread-files",
  auth: "user",
  status: 200,
  summary: "Rename a thread file (owner)",
  params: threadFileParams,
  body: z.object({ filename }),
  response: threadFile,
});
export const transferThreadFile = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/files/{version_id}/transfer_to_workspace",
  tag: "thread-files",
  auth: "user",
  status: 201,
  summary:
    "Copy a thread file version into the workspace (owner): as a new version of `file_id`, or a new file named `filename`; queued for indexing",
  params: threadFileVersionParams,
  body: z.object({ file_id: id.optional(), filename: filename.optional() }),
  response: file,
});
export const diffThreadFile = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/files/{fid}/diff",
  tag: "thread-files",
  auth: "optional",
  status: 200,
  summary: "What changed between two versions of a thread file: cells of a workbook, lines of a document",
  params: threadFileParams,
  query: z.object({ from: id, to: id }),
  response: threadFileDiff,
});

const optionalId = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);
/** The text fields of edit_file's form (the edited bytes are its `file` part). */
export const editThreadFileForm = z.object({
  filename: z
    .string()
    .trim()
    .max(255, "Filename must be at most 255 characters")
    .refine((v) => !hasUnsafeFilenameChars(v), "Filename cannot contain slashes or control characters")
    .optional()
    .transform((v) => v || undefined)
    .describe(`Name to save as; default ${DEFAULT_EDITED_FILENAME} (a new version keeps its file's name)`),
  file_id: optionalId.describe("The original workspace file that was edited (originalFileId)"),
  version_id: optionalId.describe("The thread file version that was edited (fileVersion)"),
});

/** Multipart: the edited bytes plus which file they are a version of. */
export const editThreadFile = rawEndpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/edit_file",
  tag: "thread-files",
  auth: "user",
  summary:
    "Save an edited file as a new thread file version (owner): version_id = a new version of that thread file; file_id = an edit of that workspace file; neither = a new thread file",
  params: threadFilesParams,
  file: { description: "The edited file" },
  form: editThreadFileForm,
  streamed: true,
  response: {
    status: 201,
    contentType: "application/json",
    schema: savedThreadFileVersion,
    description: "The saved version",
  },
});
