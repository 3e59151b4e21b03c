import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { sendWithProgress } from "../files/upload-transport.ts";
import { Uploader } from "../files/uploader.tsx";
import { useUploads, type UploadItem } from "../files/use-uploads.ts";

/** Account files are a multipart upload relayed by the web app to the API, with progress. */
export function LibraryUploader() {
  const revalidator = useRevalidator();
  const send = useCallback(async (file: File, update: (patch: Partial<UploadItem>) => void) => {
    const body = new FormData();
    body.append("file", file, file.name);
    update({ phase: "uploading" });
    await sendWithProgress({
      method: "POST",
      url: "/resources/library/upload",
      body,
      onProgress: (p) => update({ progress: p }),
    });
  }, []);
  const onSettled = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const uploads = useUploads(send, onSettled);
  return <Uploader uploads={uploads} hint="Keep reference documents here and add them to any of your workspaces." />;
}
