import { fileSource, type FileInfo } from "../../contracts/files.ts";
import type { FileRow } from "./repo.ts";
import { DEFAULT_CONTENT_TYPE } from "./supported.ts";

export function presentFile(r: FileRow): FileInfo {
  return {
    id: r.id,
    file_id: r.id,
    version_id: r.current_version_id,
    filename: r.filename,
    byte_size: Number(r.byte_size ?? 0),
    content_type: r.content_type ?? DEFAULT_CONTENT_TYPE,
    checksum: r.checksum ?? null,
    status: r.status,
    error: r.error,
    created_at: r.created_at,
    updated_at: r.updated_at,
    document: r.doc_profiled
      ? { title: r.doc_title, kind: r.doc_kind, issuer: r.doc_issuer, period: r.doc_period, form: r.doc_form }
      : null,
    ...(r.source ? { source: fileSource.parse(JSON.parse(r.source)) } : {}),
  };
}
