import type { FileInfo } from "../../../contracts/files.ts";
import { formatBytes, formatDate } from "../../lib/format.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Popover } from "../ui/popover.tsx";
import { WorkspaceForm } from "../workspace/workspace-form.tsx";

const STATUS = {
  uploaded: { tone: "amber", label: "Waiting" },
  indexing: { tone: "amber", label: "Indexing" },
  indexed: { tone: "green", label: "Ready" },
  uploading: { tone: "amber", label: "Uploading" },
  failed: { tone: "neutral", label: "Failed" },
} as const;

const small = "rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600";

export function FileRow({ workspaceId, file: f, owner }: { workspaceId: string; file: FileInfo; owner: boolean }) {
  const status = STATUS[f.status];
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3" aria-label={f.filename}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-[10px] font-semibold uppercase text-slate-600">
          {(f.filename.split(".").pop() ?? "").slice(0, 4) || "file"}
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <span className="truncate">{f.filename}</span>
            <Badge tone={status.tone} className="shrink-0 sm:hidden">{status.label}</Badge>
          </p>
          <p className="text-xs text-slate-500">
            {formatBytes(f.byte_size)} · {formatDate(f.created_at)}
            {f.error ? <span className="text-red-700"> · {f.error}</span> : null}
          </p>
        </div>
      </div>
      <div className="-ml-2 flex shrink-0 flex-wrap items-center gap-1 sm:ml-0">
        <Badge tone={status.tone} className="hidden sm:inline-flex">{status.label}</Badge>
        {f.status !== "uploading" ? (
          <a href={`/resources/workspaces/${workspaceId}/files/${f.id}/download`} className={`${small} text-brand-700 hover:bg-brand-50`} aria-label={`Download ${f.filename}`}>
            Download
          </a>
        ) : null}
        {owner ? (
          <Popover key={f.updated_at} label="Rename" ariaLabel={`Rename ${f.filename}`} summaryClassName={`${small} text-slate-700 hover:bg-slate-100`}>
            <WorkspaceForm workspaceId={workspaceId} intent="rename-file" fields={{ fileId: f.id }} className="space-y-2">
              {(pending) => (
                <>
                  <Field label="File name" name="filename" required maxLength={255} defaultValue={f.filename} autoComplete="off" />
                  <Button pending={pending} disabled={pending} className="w-full py-1.5">{pending ? "Saving..." : "Save name"}</Button>
                </>
              )}
            </WorkspaceForm>
          </Popover>
        ) : null}
        {owner ? (
          <WorkspaceForm
            workspaceId={workspaceId}
            intent="delete-file"
            fields={{ fileId: f.id }}
            confirm={`Delete "${f.filename}" from this workspace? This action cannot be undone.`}
          >
            {(pending) => (
              <button type="submit" disabled={pending} className={`${small} text-red-700 hover:bg-red-50`} aria-label={`Delete ${f.filename}`}>
                Delete
              </button>
            )}
          </WorkspaceForm>
        ) : null}
      </div>
    </li>
  );
}
