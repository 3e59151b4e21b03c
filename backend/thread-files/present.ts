import type { SavedThreadFileVersion, ThreadFile, ThreadFileVersion } from "../../contracts/thread-files.ts";
import { DEFAULT_CONTENT_TYPE } from "../files/supported.ts";
import type { VersionRow } from "./repo.ts";

export function presentVersion(r: VersionRow): ThreadFileVersion {
  return {
    version_id: r.version_id,
    file_id: r.file_id,
    number: r.number ?? 1,
    byte_size: Number(r.byte_size),
    content_type: r.content_type || DEFAULT_CONTENT_TYPE,
    checksum: r.checksum ?? "",
    message_id: r.message_id,
    is_latest: r.version_id === r.current_version_id,
    created_at: r.created_at,
  };
}

export function presentSaved(r: VersionRow): SavedThreadFileVersion {
  return { ...presentVersion(r), filename: r.filename, thread_id: r.thread_id ?? "" };
}

/** Groups version rows (one file's rows together, newest first) into files. */
export function presentFiles(rows: VersionRow[]): ThreadFile[] {
  const files = new Map<string, ThreadFile>();
  for (const r of rows) {
    let f = files.get(r.file_id);
    if (!f) {
      f = {
        file_id: r.file_id,
        thread_id: r.thread_id ?? "",
        workspace_id: r.workspace_id ?? "",
        filename: r.filename,
        original_file_id: r.original_file_id,
        latest_version_id: r.current_version_id ?? r.version_id,
        created_at: r.file_created_at,
        updated_at: r.file_updated_at,
        versions: [],
      };
      files.set(r.file_id, f);
    }
    f.versions.push(presentVersion(r));
  }
  return [...files.values()];
}
