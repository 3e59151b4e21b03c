import { useEffect, useState } from "react";

export interface VersionInfo {
  version_id: string;
  created_at: string;
  byte_size: number;
}

/** A file's versions, oldest first (empty until loaded, or when they cannot be read). */
export function useFileVersions(workspaceId: string, fileId: string): VersionInfo[] {
  const [versions, setVersions] = useState<VersionInfo[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    fetch(`/resources/workspaces/${encodeURIComponent(workspaceId)}/files/${encodeURIComponent(fileId)}/versions`, {
      signal: ctl.signal,
      credentials: "same-origin",
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ versions: VersionInfo[] }>) : { versions: [] }))
      .then((b) => setVersions(b.versions))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [workspaceId, fileId]);
  return versions;
}

export const versionLabel = (versions: VersionInfo[], id: string) => {
  const i = versions.findIndex((v) => v.version_id === id);
  return i < 0 ? "this version" : `version ${i + 1}`;
};

/**
 * The version list of a file with more than one version (the agent writes new ones): which one
 * the viewer shows, and a switch to compare its page with the version before it.
 */
export function VersionBar(o: {
  versions: VersionInfo[];
  current: string;
  cited: string;
  compare: boolean;
  onChange: (id: string) => void;
  onCompare: (on: boolean) => void;
}) {
  if (o.versions.length < 2) return null;
  const at = o.versions.findIndex((v) => v.version_id === o.current);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
      <label className="inline-flex items-center gap-1.5">
        Version
        <select
          value={o.current}
          onChange={(e) => o.onChange(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs"
        >
          {o.versions.map((v, i) => (
            <option key={v.version_id} value={v.version_id}>
              {i + 1} · {new Date(v.created_at).toLocaleString()}
              {v.version_id === o.cited ? " (cited)" : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-flex items-center gap-1.5">
        <input type="checkbox" checked={o.compare} disabled={at <= 0} onChange={(e) => o.onCompare(e.target.checked)} />
        Compare with the previous version
      </label>
    </div>
  );
}
