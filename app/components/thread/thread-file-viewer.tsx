import { useMemo, useState } from "react";
import { Form } from "react-router";
import type { ThreadFile, ThreadFileAddon, ThreadFileDiff } from "../../../contracts/thread-files.ts";
import { useResourceJson } from "./use-resource-json.ts";
import { useDialogFocus } from "../ui/use-dialog-focus.ts";
import { TextDiffView } from "./thread-file-text-diff.tsx";
import { WorkbookView } from "./thread-file-workbook.tsx";
import { X } from "lucide-react";

/** What the thread file viewer opens: a version of a file the thread's answers (or the user) wrote. */
export interface ThreadFileTarget {
  file_id: string;
  version_id: string;
  filename: string;
}

/**
 * A thread file beside the thread: a workbook as sheets of cells (formulas shown for the selected
 * cell), a document as its text; its versions, a comparison with the version before (the changed
 * cells marked and listed, or the changed lines), download, and for the owner: add it to the
 * workspace. Escape closes it.
 */
export function ThreadFileViewer(o: {
  workspaceId: string;
  threadId: string;
  threadPath: string;
  target: ThreadFileTarget;
  canWrite: boolean;
  onClose: () => void;
}) {
  const base = `/resources/workspaces/${encodeURIComponent(o.workspaceId)}/threads/${encodeURIComponent(o.threadId)}`;
  const files = useResourceJson<{ files: ThreadFile[] }>(`${base}/files`, "This file");
  const file = files.state === "ok" ? (files.data.files.find((f) => f.file_id === o.target.file_id) ?? null) : null;
  // Newest first from the API; the list here reads oldest first, numbered as the API numbers them.
  const versions = useMemo(() => (file ? [...file.versions].sort((a, b) => a.number - b.number) : []), [file]);
  const [versionId, setVersionId] = useState(o.target.version_id);
  const [compare, setCompare] = useState(false);
  const at = versions.findIndex((v) => v.version_id === versionId);
  const previous = at > 0 ? versions[at - 1]! : null;
  const addon = useResourceJson<ThreadFileAddon>(`${base}/files/${encodeURIComponent(versionId)}/addon`, "This file");
  const diff = useResourceJson<ThreadFileDiff>(
    compare && previous
      ? `${base}/file-diff/${encodeURIComponent(o.target.file_id)}?from=${encodeURIComponent(previous.version_id)}&to=${encodeURIComponent(versionId)}`
      : null,
    "The comparison",
  );
  const heading = useDialogFocus(o.onClose);

  const filename = file?.filename ?? o.target.filename;
  const number = versions[at]?.number;
  return (
    <section
      aria-labelledby="thread-file-title"
      data-testid="thread-file-viewer"
      className="flex h-full min-h-0 flex-1 flex-col overflow-hidden bg-white"
    >
      <header className="flex items-start gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2
            id="thread-file-title"
            ref={heading}
            tabIndex={-1}
            className="truncate text-sm font-semibold text-slate-900 focus:outline-none"
          >
            {filename}
          </h2>
          <p className="text-xs text-slate-500">
            Thread file{number ? ` · version ${number} of ${versions.length}` : ""}
          </p>
        </div>
        <a
          href={`${base}/files/${encodeURIComponent(versionId)}/download`}
          className="rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
          download
        >
          Download
        </a>
        <button
          type="button"
          onClick={o.onClose}
          aria-label="Close viewer"
          className="grid size-8 place-items-center rounded-md text-base text-slate-600 hover:bg-slate-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      {versions.length > 1 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
          <label className="inline-flex items-center gap-1.5">
            Version
            <select
              value={versionId}
              onChange={(e) => setVersionId(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs"
            >
              {versions.map((v) => (
                <option key={v.version_id} value={v.version_id}>
                  {v.number} · {new Date(v.created_at).toLocaleString()}
                  {v.is_latest ? " (latest)" : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={compare}
              disabled={!previous}
              onChange={(e) => setCompare(e.target.checked)}
            />
            Compare with version {previous?.number ?? "before"}
          </label>
        </div>
      ) : null}
      {o.canWrite ? <TransferForm threadPath={o.threadPath} versionId={versionId} filename={filename} /> : null}
      {/* Focusable so a keyboard can scroll a page larger than the pane. */}
      <div
        data-viewer-scroll=""
        tabIndex={0}
        role="region"
        aria-label="File contents"
        className="min-h-0 flex-1 overflow-auto bg-slate-100 p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {addon.state === "loading" ? <p className="p-4 text-sm text-slate-500">Loading {filename}…</p> : null}
        {addon.state === "error" ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {addon.message}
          </p>
        ) : null}
        {compare && diff.state === "error" ? (
          <p role="alert" className="mb-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {diff.message}
          </p>
        ) : null}
        {compare && diff.state === "loading" && previous ? (
          <p className="mb-2 text-xs text-slate-500">Comparing with version {previous.number}…</p>
        ) : null}
        {addon.state === "ok" && addon.data.kind === "workbook" ? (
          <WorkbookView
            addon={addon.data}
            diff={compare && diff.state === "ok" && diff.data.kind === "workbook" ? diff.data : null}
          />
        ) : null}
        {addon.state === "ok" && addon.data.kind === "text" ? (
          compare && diff.state === "ok" && diff.data.kind === "text" ? (
            <TextDiffView diff={diff.data} />
          ) : (
            <pre className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
              {addon.data.text}
              {addon.data.truncated ? "\n…" : ""}
            </pre>
          )
        ) : null}
        {addon.state === "ok" && addon.data.kind === "binary" ? (
          <p className="p-4 text-sm text-slate-600">
            This file ({addon.data.content_type}) can't be shown here: download it to open it.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Copies the shown version into the workspace's files (queued for indexing) under a name of the owner's choice. */
function TransferForm({
  threadPath,
  versionId,
  filename,
}: {
  threadPath: string;
  versionId: string;
  filename: string;
}) {
  return (
    <Form
      method="post"
      action={threadPath}
      className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-xs"
    >
      <input type="hidden" name="intent" value="transfer-file" />
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="redirectTo" value={threadPath} />
      <label className="inline-flex min-w-0 flex-1 items-center gap-1.5 text-slate-600">
        Add to the Pod's files as
        <input
          name="filename"
          defaultValue={filename}
          key={filename}
          required
          maxLength={255}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-1.5 py-0.5 text-xs"
        />
      </label>
      <button type="submit" className="rounded-md bg-brand-600 px-2 py-1 font-medium text-white hover:bg-brand-700">
        Add to Pod
      </button>
    </Form>
  );
}
