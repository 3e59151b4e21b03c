import { z } from "zod";
import type { Auth } from "./endpoint.ts";
import { file } from "./files.ts";
import { publicFile } from "./library.ts";

/**
 * Calls whose bodies are not JSON (form data, raw bytes, zip streams). They are described here
 * for the OpenAPI document and the permission matrix, and handled by hand in the backend.
 */
export interface RawEndpoint {
  method: "get" | "post" | "put";
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  params?: z.ZodObject;
  /** Query parameters, validated like the other endpoints'. */
  query?: z.ZodObject;
  /** Form fields (multipart/form-data or urlencoded); `binary` marks the file part. */
  form?: Record<string, { required: boolean; binary?: boolean; description: string }>;
  /** Raw request bytes (PUT to a signed URL). */
  binaryBody?: boolean;
  /** A JSON request body, validated like the other endpoints' (the response is what is raw); an
   *  empty body is validated as `undefined`, so an optional schema makes the body optional. */
  jsonBody?: z.ZodType;
  response: { contentType: string; schema?: z.ZodType; description: string; status: number };
}

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

export const findFiles: RawEndpoint = {
  method: "post", path: "/find_files", tag: "search", auth: "user",
  summary: "Find files across your workspaces and account library by name and content, streamed best first as they are found",
  jsonBody: z.object({
    query: z.string().trim().min(1, "query is required").max(1000, "query must be at most 1,000 characters"),
    /** "name": file names only; "content": indexed text only; "all" (default): both. */
    option: z.enum(["all", "name", "content"]).default("all"),
  }),
  response: { status: 200, contentType: "application/x-ndjson", schema: findFilesEvent, description: "One JSON event per line: file matches, then done (or error)" },
};

export const blobUpload: RawEndpoint = {
  method: "put", path: "/blobs/{token}", tag: "files", auth: "public",
  summary: "PUT file bytes to a signed upload URL (the signature is the authorization)",
  params: z.object({ token: z.string() }), binaryBody: true,
  response: { status: 200, contentType: "application/json", schema: z.object({ ok: z.literal(true), byte_size: z.number() }), description: "Stored" },
};
export const blobDownload: RawEndpoint = {
  method: "get", path: "/blobs/{token}", tag: "files", auth: "public",
  summary: "GET file bytes from a signed download URL", params: z.object({ token: z.string() }),
  response: { status: 200, contentType: "application/octet-stream", description: "The file" },
};
export const filesZip: RawEndpoint = {
  method: "get", path: "/workspaces/{id}/files_zip", tag: "files", auth: "optional",
  summary: "All files of a workspace as workspace_files.zip (streamed)", params: z.object({ id }),
  response: { status: 200, contentType: "application/zip", description: "workspace_files.zip" },
};
export const versionContent: RawEndpoint = {
  method: "get", path: "/workspaces/{id}/files/{fid}/versions/{vid}/content", tag: "files", auth: "optional",
  summary: "The bytes of one version of a file (streamed; always as an attachment, never rendered by the browser)",
  params: z.object({ id, fid: id, vid: id }),
  response: { status: 200, contentType: "application/octet-stream", description: "The version's bytes with its content type" },
};
export const downloadFromUrl: RawEndpoint = {
  method: "post", path: "/workspaces/{id}/files/download_from_url", tag: "files", auth: "user",
  summary: "Import a file from a public http(s) URL (owner)", params: z.object({ id }),
  form: { url: { required: true, description: "http(s) URL" }, filename: { required: false, description: "Name to save as" } },
  response: { status: 201, contentType: "application/json", schema: file, description: "The imported file" },
};
export const uploadFromGdrive: RawEndpoint = {
  method: "post", path: "/workspaces/{id}/files/upload_from_gdrive", tag: "files", auth: "user",
  summary: "Import a file from Google Drive with the user's access token (owner)", params: z.object({ id }),
  form: { file_id: { required: true, description: "Drive file id" }, access_token: { required: true, description: "OAuth access token" } },
  response: { status: 201, contentType: "application/json", schema: file, description: "The imported file" },
};
export const uploadAccountFile: RawEndpoint = {
  method: "post", path: "/users/me/files/upload", tag: "library", auth: "user",
  summary: "Upload a file to your account library (multipart, field `file`)",
  form: { file: { required: true, binary: true, description: "The file" } },
  response: { status: 201, contentType: "application/json", schema: file, description: "The stored file" },
};
export const uploadPublicFile: RawEndpoint = {
  method: "post", path: "/public/files/upload", tag: "library", auth: "user",
  summary: "Upload a file anyone can download by id (multipart, field `file`)",
  form: { file: { required: true, binary: true, description: "The file" } },
  response: { status: 201, contentType: "application/json", schema: publicFile, description: "The stored file" },
};

export const rawEndpoints = [blobUpload, blobDownload, filesZip, versionContent, downloadFromUrl, uploadFromGdrive, uploadAccountFile, uploadPublicFile];
