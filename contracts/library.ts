import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { file } from "./files.ts";
import { nextCursor, pageQuery } from "./paging.ts";

const id = z.string().min(1).max(100);
const ok = z.object({ ok: z.literal(true) });

export const accountFile = file;
export const publicFile = z.object({
  id: z.string(),
  filename: z.string(),
  byte_size: z.number().int(),
  content_type: z.string(),
  checksum: z.string().nullable(),
  download_url: z.string(),
  created_at: z.string(),
});

export const listAccountFiles = endpoint({
  method: "get",
  path: "/users/me/files",
  tag: "library",
  auth: "user",
  status: 200,
  summary: "The caller's account files (paged)",
  query: pageQuery,
  response: z.object({ files: z.array(accountFile), next_cursor: nextCursor }),
});
export const getAccountFile = endpoint({
  method: "get",
  path: "/users/me/files/{fid}",
  tag: "library",
  auth: "user",
  status: 200,
  summary: "One account file with a download URL",
  params: z.object({ fid: id }),
  response: accountFile.extend({ download_url: z.string() }),
});
export const deleteAccountFile = endpoint({
  method: "delete",
  path: "/users/me/files/{fid}",
  tag: "library",
  auth: "user",
  status: 200,
  summary: "Delete an account file",
  params: z.object({ fid: id }),
  response: ok,
});
export const transferAccountFile = endpoint({
  method: "post",
  path: "/users/me/files/{fid}/transfer_to_workspace/{workspaceId}",
  tag: "library",
  auth: "user",
  status: 201,
  summary: "Copy an account file into a workspace you own",
  params: z.object({ fid: id, workspaceId: id }),
  response: file,
});
export const getPublicFile = endpoint({
  method: "get",
  path: "/public/files/{fid}",
  tag: "library",
  auth: "public",
  status: 200,
  summary: "A public file's metadata and download URL (no sign-in)",
  params: z.object({ fid: id }),
  response: publicFile,
});
export const deletePublicFile = endpoint({
  method: "delete",
  path: "/public/files/{fid}",
  tag: "library",
  auth: "user",
  status: 200,
  summary: "Delete a public file you uploaded",
  params: z.object({ fid: id }),
  response: ok,
});
export const getStorage = endpoint({
  method: "get",
  path: "/users/me/storage",
  tag: "library",
  auth: "user",
  status: 200,
  summary: "Bytes used and the quota",
  response: z.object({ used_storage: z.number().int(), storage_quota: z.number().int() }),
});

// --- Saved prompts -------------------------------------------------------------------------------
export const prompt = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prompt = z.infer<typeof prompt>;
const promptBody = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  content: z.string().trim().min(1, "Prompt text is required").max(20000, "Prompt must be at most 20000 characters"),
});
export const listPrompts = endpoint({
  method: "get",
  path: "/prompts",
  tag: "prompts",
  auth: "user",
  status: 200,
  summary: "Saved prompts, most recently updated first (paged)",
  query: pageQuery,
  response: z.object({ prompts: z.array(prompt), next_cursor: nextCursor }),
});
export const createPrompt = endpoint({
  method: "post",
  path: "/prompts",
  tag: "prompts",
  auth: "user",
  status: 201,
  summary: "Save a prompt",
  body: promptBody,
  response: prompt,
});
export const getPrompt = endpoint({
  method: "get",
  path: "/prompts/{pid}",
  tag: "prompts",
  auth: "user",
  status: 200,
  summary: "One saved prompt",
  params: z.object({ pid: id }),
  response: prompt,
});
export const updatePrompt = endpoint({
  method: "patch",
  path: "/prompts/{pid}",
  tag: "prompts",
  auth: "user",
  status: 200,
  summary: "Edit a saved prompt",
  params: z.object({ pid: id }),
  body: promptBody.partial(),
  response: prompt,
});
export const deletePrompt = endpoint({
  method: "delete",
  path: "/prompts/{pid}",
  tag: "prompts",
  auth: "user",
  status: 200,
  summary: "Delete a saved prompt",
  params: z.object({ pid: id }),
  response: ok,
});

// --- User attributes (small per-user settings, JSON values) ------------------------------------------
const attrKey = z
  .string()
  .trim()
  .min(1, "key is required")
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "key may use letters, digits and _ . : -");
// Any JSON value (z.json() is recursive, which the OpenAPI generator cannot walk). The depth is
// checked first, without recursion, and stops the checks: JSON.stringify of a value nested some
// thousands deep overflows the stack (a 500 before this).
export const ATTRIBUTE_MAX_DEPTH = 32;
const attrValue = z
  .unknown()
  .refine((v) => v !== undefined, "value is required")
  .refine((v) => !nestsDeeperThan(v, ATTRIBUTE_MAX_DEPTH), {
    message: `value may nest at most ${ATTRIBUTE_MAX_DEPTH} levels deep`,
    abort: true,
  })
  .refine((v) => JSON.stringify(v ?? null).length <= 10000, "value must be at most 10000 characters of JSON");

function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, depth] = item;
    if (!v || typeof v !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
export const attributes = z.object({ attributes: z.record(z.string(), z.unknown()) });
export const getAttributes = endpoint({
  method: "get",
  path: "/attributes",
  tag: "attributes",
  auth: "user",
  status: 200,
  summary: "All attributes of the caller",
  response: attributes,
});
export const createAttribute = endpoint({
  method: "post",
  path: "/attributes",
  tag: "attributes",
  auth: "user",
  status: 201,
  summary: "Add an attribute (409 if it exists)",
  body: z.object({ key: attrKey, value: attrValue }),
  response: attributes,
});
export const updateAttribute = endpoint({
  method: "patch",
  path: "/attributes",
  tag: "attributes",
  auth: "user",
  status: 200,
  summary: "Change an attribute (404 if missing)",
  body: z.object({ key: attrKey, value: attrValue }),
  response: attributes,
});
export const deleteAttribute = endpoint({
  method: "delete",
  path: "/attributes",
  tag: "attributes",
  auth: "user",
  status: 200,
  summary: "Remove an attribute",
  query: z.object({ key: attrKey }),
  response: attributes,
});
