import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { hasUnsafeFilenameChars } from "./filename.ts";
import { nextCursor, pageQuery } from "./paging.ts";

const id = z.string().min(1).max(100);
export const fileParams = z.object({ id, fid: id });
const workspaceParams = z.object({ id });
/** A file name as users give it (uploads, renames, transfers). */
export const filename = z
  .string()
  .trim()
  .min(1, "Filename is required")
  .max(255, "Filename must be at most 255 characters")
  .refine((v) => !hasUnsafeFilenameChars(v), "Filename cannot contain slashes or control characters");

export const fileStatus = z.enum(["uploading", "uploaded", "indexing", "indexed", "failed"]);

/** What a document is, read from its content: each field null when the document does not say. */
export const documentProfile = z.object({
  title: z.string().nullable(),
  kind: z.string().nullable(),
  issuer: z.string().nullable(),
  period: z.string().nullable(),
  form: z.string().nullable(),
});

/** Spec section 3: id, filename, version_id, file_id, byte_size, content_type, checksum (+ status). */
/** Where an imported file came from: an SEC EDGAR filing (backend/edgar). */
export const fileSource = z.object({
  kind: z.literal("sec_edgar"),
  company: z.string(),
  cik: z.number().int(),
  ticker: z.string().nullable(),
  form: z.string(),
  filed_at: z.string(),
  period: z.string().nullable(),
  accession_number: z.string(),
  source_url: z.string(),
});
export type FileSource = z.infer<typeof fileSource>;

export const file = z.object({
  id: z.string(),
  file_id: z.string(),
  version_id: z.string().nullable(),
  filename: z.string(),
  byte_size: z.number().int(),
  content_type: z.string(),
  checksum: z.string().nullable(),
  status: fileStatus,
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * What the current version is, derived from its first pages and metadata when it was indexed
   * (null before that, or for a version indexed before profiles existed).
   */
  document: documentProfile.nullable(),
  /** Present on imported files only. */
  source: fileSource.optional(),
});
export type FileInfo = z.infer<typeof file>;

const ok = z.object({ ok: z.literal(true) });
const sha256 = z.string().regex(/^[a-f0-9]{64}$/i, "checksum must be the file's SHA-256 in hex");

export const supportedFileExtensions = endpoint({
  method: "get",
  path: "/supported_file_extensions",
  tag: "files",
  auth: "public",
  status: 200,
  summary: "File extensions the workspace accepts",
  response: z.object({ extensions: z.array(z.string()) }),
});
export const listFiles = endpoint({
  method: "get",
  path: "/workspaces/{id}/files",
  tag: "files",
  auth: "optional",
  status: 200,
  summary: "Files of a workspace, oldest first (paged)",
  params: workspaceParams,
  query: pageQuery,
  response: z.object({ files: z.array(file), next_cursor: nextCursor }),
});
export const getFileMetadata = endpoint({
  method: "get",
  path: "/workspaces/{id}/files/{fid}/metadata",
  tag: "files",
  auth: "optional",
  status: 200,
  summary: "One file with its versions",
  params: fileParams,
  response: file.extend({
    versions: z.array(
      z.object({
        version_id: z.string(),
        byte_size: z.number().int(),
        checksum: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
});
export const generateDownloadUrl = endpoint({
  method: "post",
  path: "/workspaces/{id}/files/{fid}/generate_download_url",
  tag: "files",
  auth: "optional",
  status: 200,
  summary: "A short-lived URL that downloads the current version",
  params: fileParams,
  body: z.object({ filename: filename.optional() }).optional(),
  response: z.object({ download_url: z.string() }),
});
export const renameFile = endpoint({
  method: "patch",
  path: "/workspaces/{id}/files/{fid}",
  tag: "files",
  auth: "user",
  status: 200,
  summary: "Rename a file (owner)",
  params: fileParams,
  body: z.object({ filename }),
  response: file,
});
export const deleteFile = endpoint({
  method: "delete",
  path: "/workspaces/{id}/files/{fid}",
  tag: "files",
  auth: "user",
  status: 200,
  summary: "Delete a file and its versions (owner)",
  params: fileParams,
  response: ok,
});
export const generateUploadUrl = endpoint({
  method: "post",
  path: "/workspaces/{id}/files/generate_upload_url",
  tag: "files",
  auth: "user",
  status: 200,
  summary: "Reserve a file and get a URL to PUT its bytes to (owner)",
  params: workspaceParams,
  body: z.object({
    byte_size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    content_type: z.string().trim().max(255).optional(),
  }),
  response: z.object({ upload_url: z.string(), file_id: z.string(), expires_at: z.string() }),
});
export const finalizeUpload = endpoint({
  method: "post",
  path: "/workspaces/{id}/files/{fid}/finalize_upload",
  tag: "files",
  auth: "user",
  status: 200,
  summary: "Check the uploaded bytes (size and SHA-256) and keep the file (owner)",
  params: fileParams,
  body: z.object({ filename, byte_size: z.number().int().min(0), checksum: sha256 }),
  response: file,
});
export const autoRenameFile = endpoint({
  method: "post",
  path: "/workspaces/{id}/files/{fid}/auto_rename",
  tag: "files",
  auth: "user",
  status: 200,
  summary: "Give a file a readable name (owner)",
  params: fileParams,
  response: file,
});
export const retryIndexing = endpoint({
  method: "post",
  path: "/workspaces/{id}/files/{fid}/retry_indexing",
  tag: "files",
  auth: "user",
  status: 200,
  summary: "Queue a failed file for indexing again (owner)",
  params: fileParams,
  response: file,
});

/** A version of a file: any of its stored versions, not only the current one (citations name one). */
export const versionParams = fileParams.extend({ vid: id });

export const getPageText = endpoint({
  method: "get",
  path: "/workspaces/{id}/files/{fid}/versions/{vid}/pages/{page}",
  tag: "files",
  auth: "optional",
  status: 200,
  summary: "The text of one page of a file version as it was indexed, for the viewer (citation offsets point into it)",
  params: versionParams.extend({
    page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").max(1_000_000),
  }),
  response: z.object({
    file_id: z.string(),
    version_id: z.string(),
    filename: z.string(),
    content_type: z.string(),
    /** 1-indexed, as in search results and citations. */
    page: z.number().int(),
    page_count: z.number().int(),
    text: z.string(),
    /** Sheet pages: line i of `text` is row `rows[i]` of `sheet`, its cells joined by " | " (column A first). */
    sheet: z.object({ sheet: z.string(), rows: z.array(z.number().int()) }).nullable(),
  }),
});
export type PageText = z.infer<typeof getPageText.response>;
