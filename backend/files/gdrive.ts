import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError } from "../../contracts/errors.ts";
import { sanitizeFilename } from "../../contracts/filename.ts";

/** Google-native documents have no bytes of their own: they are exported to an Office format. */
const EXPORTS: Record<string, { mime: string; ext: string }> = {
  "application/vnd.google-apps.document": {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: ".docx",
  },
  "application/vnd.google-apps.spreadsheet": {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ext: ".xlsx",
  },
  "application/vnd.google-apps.presentation": {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ext: ".pptx",
  },
};

export interface DriveDownload {
  filename: string;
  contentType: string;
  size: number | null;
  body: Readable;
}

/** The Drive v3 REST API with the user's OAuth access token (the same calls Google's clients make). */
export async function downloadFromDrive(o: {
  apiUrl: string;
  fileId: string;
  accessToken: string;
  timeoutMs: number;
}): Promise<DriveDownload> {
  const base = `${o.apiUrl.replace(/\/$/, "")}/drive/v3/files/${encodeURIComponent(o.fileId)}`;
  const headers = { authorization: `Bearer ${o.accessToken}` };
  const signal = AbortSignal.timeout(o.timeoutMs);
  const metaRes = await fetch(`${base}?fields=id,name,mimeType,size&supportsAllDrives=true`, { headers, signal }).catch(
    () => {
      throw new AppError("bad_gateway", "Could not reach Google Drive. Please try again.");
    },
  );
  if (!metaRes.ok) throw driveError(metaRes.status);
  const meta = (await metaRes.json()) as { name?: string; mimeType?: string; size?: string };
  const exported = meta.mimeType ? EXPORTS[meta.mimeType] : undefined;
  if (meta.mimeType?.startsWith("application/vnd.google-apps.") && !exported) {
    throw new AppError("unprocessable", `This kind of Google Drive item (${meta.mimeType}) can't be imported.`);
  }
  const url = exported
    ? `${base}/export?mimeType=${encodeURIComponent(exported.mime)}`
    : `${base}?alt=media&supportsAllDrives=true`;
  const res = await fetch(url, { headers, signal });
  if (!res.ok || !res.body) throw driveError(res.status);
  let filename = sanitizeFilename(meta.name ?? "", "drive-file").slice(0, 240);
  if (exported && !filename.toLowerCase().endsWith(exported.ext)) filename += exported.ext;
  return {
    filename,
    contentType: exported?.mime ?? meta.mimeType ?? "application/octet-stream",
    size: meta.size ? Number(meta.size) : null,
    body: Readable.fromWeb(res.body as WebReadableStream),
  };
}

function driveError(status: number): AppError {
  if (status === 401)
    return new AppError("unprocessable", "Google Drive rejected the access token (401). Sign in to Google again.");
  if (status === 403)
    return new AppError(
      "unprocessable",
      "Google Drive refused access to this file (403). Check that it is shared with you.",
    );
  if (status === 404)
    return new AppError("unprocessable", "File not found in Google Drive (404), or it is not shared with you.");
  return new AppError("bad_gateway", `Google Drive answered with an error (${status}). Please try again.`);
}
