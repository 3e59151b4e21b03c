import { z } from "zod";
import { rawEndpoint } from "./endpoint.ts";
import { file } from "./files.ts";
import { publicFile } from "./library.ts";

/** Calls whose bodies are not JSON (form data, raw bytes, zip streams); see `RawEndpoint`. */
export type { RawEndpoint } from "./endpoint.ts";

const id = z.string().min(1).max(100);

/** One line of the find_files stream (application/x-ndjson). */
export const findFilesEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("file"),
    /** Where the query matched: the file's name, or a passage of its text (with its page). */
    match: z.enum(["name", "content"]),
    file_id: z.string(),
    filename: z.string(),
    scope: z.enum(["workspace", "account"]),
    workspace_id: z.string().nullable(),
    workspace_name: z.string().nullable(),
    page: z.number().int().nullable(),
    snippet: z.string().nullable(),
    score: z.number(),
  }),
  z.object({ type: z.literal("done"), files: z.number().int(), workspaces_searched: z.number().int() }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
]);
export type FindFilesEvent = z.infer<typeof findFilesEvent>;

export const findFiles = rawEndpoint({
  method: "post",
  path: "/find_files",
  tag: "search",
  auth: "user",
  summary:
    "Find files across your workspaces and account library by name and content, streamed best first as they are found",
  jsonBody: z.object({
    query: z.string().trim().min(1, "query is required").max(1000, "query must be at most 1,000 characters"),
    /** "name": file names only; "content": indexed text only; "all" (default): both. */
    option: z.enum(["all", "name", "content"]).default("all"),
  }),
  response: {
    status: 200,
    contentType: "application/x-ndjson",
    schema: findFilesEvent,
    description: "One JSON event per line: file matches, then done (or error)",
  },
});

export const blobUpload = rawEndpoint({
  method: "put",
  path: "/blobs/{token}",
  tag: "files",
  auth: "public",
  summary: "PUT file bytes to a signed upload URL (the signature is the authorization)",
  params: z.object({ token: z.string() }),
  binaryBody: true,
  streamed: true,
  response: {
    status: 200,
    contentType: "application/json",
    schema: z.object({ ok: z.literal(true), byte_size: z.number() }),
    description: "Stored",
  },
});
export const blobDownload = rawEndpoint({
  method: "get",
  path: "/blobs/{token}",
  tag: "files",
  auth: "public",
  summary: "GET file bytes from a signed download URL",
  params: z.object({ token: z.string() }),
  response: { status: 200, contentType: "application/octet-stream", description: "The file" },
});
export const filesZip = rawEndpoint({
  method: "get",
  path: "/workspaces/{id}/files_zip",
  tag: "files",
  auth: "optional",
  summary: "All files of a workspace as workspace_files.zip (streamed)",
  params: z.object({ id }),
  response: { status: 200, contentType: "application/zip", description: "workspace_files.zip" },
});
export const versionContent = rawEndpoint({
  method: "get",
  path: "/workspaces/{id}/files/{fid}/versions/{vid}/content",
  tag: "files",
  auth: "optional",
  summary:
    "The bytes of one version of a file (streamed; always as an attachment, never rendered by the browser). Answers a single `Range: bytes=` with 206 and Content-Range (416 range_not_satisfiable past the end); `If-Range` takes the ETag",
  params: z.object({ id, fid: id, vid: id }),
  response: {
    status: 200,
    contentType: "application/octet-stream",
    description: "The version's bytes with its content type",
  },
});
/** The form of download_from_url. */
export const urlImportForm = z.object({
  url: z.string().trim().min(1, "url is required").max(4096).describe("http(s) URL"),
  filename: z.string().trim().max(255).optional().describe("Name to save as"),
});
// Drive file ids are URL-safe base64-like names; an OAuth bearer token is RFC 6750's b64token. Anything else
// could never reach Drive (fetch refuses a header with other characters), so it is the caller's mistake: 400.
export const driveImportForm = z.object({
  file_id: z
    .string()
    .trim()
    .min(1, "file_id is required")
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, "file_id is not a Google Drive file id (letters, digits, - and _ only)")
    .describe("Drive file id"),
  access_token: z
    .string()
    .trim()
    .min(1, "access_token is required")
    .max(4096)
    .regex(/^[A-Za-z0-9\-._~+/]+=*$/, "access_token is not an OAuth access token")
    .describe("OAuth access token"),
});
export const downloadFromUrl = rawEndpoint({
  method: "post",
  path: "/workspaces/{id}/files/download_from_url",
  tag: "files",
  auth: "user",
  summary: "Import a file from a public http(s) URL (owner)",
  params: z.object({ id }),
  form: urlImportForm,
  response: { status: 201, contentType: "application/json", schema: file, description: "The imported file" },
});
export const uploadFromGdrive = rawEndpoint({
  method: "post",
  path: "/workspaces/{id}/files/upload_from_gdrive",
  tag: "files",
  auth: "user",
  summary: "Import a file from Google Drive with the user's access token (owner)",
  params: z.object({ id }),
  form: driveImportForm,
  response: { status: 201, contentType: "application/json", schema: file, description: "The imported file" },
});
export const uploadAccountFile = rawEndpoint({
  method: "post",
  path: "/users/me/files/upload",
  tag: "library",
  auth: "user",
  summary: "Upload a file to your account library (multipart, field `file`)",
  file: { description: "The file" },
  streamed: true,
  response: { status: 201, contentType: "application/json", schema: file, description: "The stored file" },
});
export const uploadPublicFile = rawEndpoint({
  method: "post",
  path: "/public/files/upload",
  tag: "library",
  auth: "user",
  summary: "Upload a file anyone can download by id (multipart, field `file`)",
  file: { description: "The file" },
  streamed: true,
  response: { status: 201, contentType: "application/json", schema: publicFile, description: "The stored file" },
});
