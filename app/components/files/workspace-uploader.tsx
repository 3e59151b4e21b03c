import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { MAX_HASHABLE_BYTES, postJson, sendWithProgress, sha256Hex } from "./upload-transport.ts";
import { Uploader } from "./uploader.tsx";
import { useUploads, type UploadItem } from "./use-uploads.ts";

/**
 * Presigned flow: reserve (generate_upload_url), PUT the bytes to the signed URL with progress,
 * then finalize with the SHA-256. The hash is computed while the bytes travel.
 */
export function WorkspaceUploader({ workspaceId }: { workspaceId: string }) {
  const revalidator = useRevalidator();
  const send = useCallback(
    async (file: File, update: (patch: Partial<UploadItem>) => void) => {
      const base = `/resources/workspaces/${workspaceId}/uploads`;
      const contentType = file.type || "application/octet-stream";
      if (file.size > MAX_HASHABLE_BYTES) throw new Error("Files over 2 GB can't be uploaded from the browser yet.");
      update({ phase: "uploading" });
      const hashing = sha256Hex(file);
      hashing.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      const { upload_url, file_id } = await postJson<{ upload_url: string; file_id: string }>(base, {
        step: "start",
        byte_size: file.size,
        content_type: contentType,
      });
      try {
        await sendWithProgress({
          method: "PUT",
          url: upload_url,
          body: file,
          contentType,
          onProgress: (p) => update({ progress: p }),
        });
        update({ phase: "finalizing", progress: 1 });
        await postJson(base, {
          step: "finalize",
          file_id,
          filename: file.name,
          byte_size: file.size,
          checksum: await hashing,
        });
      } catch (err) {
        // Don't leave a reservation counting against the quota.
        await postJson(base, { step: "abandon", file_id }).catch(() => undefined);
        throw err;
      }
    },
    [workspaceId],
  );
  const onSettled = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const uploads = useUploads(send, onSettled);
  return <Uploader uploads={uploads} hint="PDF, spreadsheets, documents, images and more. Several at once is fine." />;
}
