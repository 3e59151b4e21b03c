/**
 * The browser half of a file upload. Bytes go straight to the signed URL; the JSON steps go
 * through the web app's resource routes, which hold the session.
 */

/** Hashing reads the whole file into memory; past this size we refuse rather than freeze the tab. */
export const MAX_HASHABLE_BYTES = 2 * 1024 ** 3;

/**
 * SHA-256 of the file in hex. crypto.subtle has no incremental API, so the file is read into
 * memory whole: fine for documents, and bounded by MAX_HASHABLE_BYTES. A streaming hash (a
 * WASM SHA-256) would lift the limit for data-room sized archives.
 */
export async function sha256Hex(file: Blob): Promise<string> {
  if (file.size > MAX_HASHABLE_BYTES) throw new Error("Files over 2 GB can't be uploaded from the browser yet.");
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok) throw new Error(data?.error?.message ?? `Failed to upload file: ${res.statusText || res.status}`);
  return data as T;
}

/** XMLHttpRequest, because fetch cannot report upload progress. Resolves with the parsed JSON answer. */
export function sendWithProgress(o: {
  method: "PUT" | "POST";
  url: string;
  body: Blob | FormData;
  contentType?: string;
  onProgress: (fraction: number) => void;
}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(o.method, o.url);
    if (o.contentType) xhr.setRequestHeader("content-type", o.contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) o.onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status decides below.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
      const message = (body as { error?: { message?: string } } | null)?.error?.message;
      reject(new Error(message ?? `Failed to upload file: ${xhr.statusText || xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("Failed to upload file: the connection was interrupted."));
    xhr.send(o.body);
  });
}
