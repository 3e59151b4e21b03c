import type { FileInfo } from "../../../contracts/files.ts";

type ImportError = { error?: { message?: string; fields?: Record<string, string> } };

/** An import's failure: the server's message, and its per-field messages (url, filename, file_id). */
export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * Posts an import form (url + filename, or file_id + access_token) to the workspace's import route
 * and resolves with the stored file; rejects with the server's own message.
 */
export async function postImport(
  workspaceId: string,
  source: "url" | "gdrive",
  fields: Record<string, string>,
): Promise<FileInfo> {
  let res: Response;
  try {
    res = await fetch(`/resources/workspaces/${workspaceId}/imports/${source}`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
  } catch {
    throw new ImportFailed("The server could not be reached. Check your connection and try again.");
  }
  const data = (await res.json().catch(() => null)) as (FileInfo & ImportError) | null;
  if (!res.ok) {
    throw new ImportFailed(data?.error?.message ?? `The import failed (HTTP ${res.status}).`, data?.error?.fields);
  }
  return data as FileInfo;
}
