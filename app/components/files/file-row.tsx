import type { FileInfo } from "../../../contracts/files.ts";
import { documentFacts, formatBytes, formatDate } from "../../lib/format.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Popover } from "../ui/popover.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { WorkspaceForm } from "../workspace/workspace-form.tsx";
import { RetryIcon } from "./retry-icon.tsx";

const STATUS = {
  uploading: { tone: "amber", label: "Uploading" },
  uploaded: { tone: "amber", label: "Queued" },
  indexing: { tone: "brand", label: "Indexing" },
  indexed: { tone: "green", label: "Indexed" },
  failed: { tone: "red", label: "Failed" },
} as const;

const small = "rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600";

/** Shown once beside the name in a narrow list (a phone, or beside the viewer), once among the actions in a wide one. */
function StatusBadge({ status, className }: { status: FileInfo["status"]; className: string }) {
  const s = STATUS[status];
  // The wrapper decides visibility: the badge's own inline-flex would win over `hidden`.
  return (
    <span className={className}>
      <Badge tone={s.tone}>
        {status === "indexing" ? <Spinner className="size-3" /> : null}
        {s.label}
      </Badge>
    </span>
  );
}

/** What indexing found the file to be: its title, kind and period (from its content, not its name). */
function DocumentLine({ document: d }: { document: FileInfo["document"] }) {
  if (!d) return null;
  const rest = documentFacts(d);
  if (!d.title && rest.length === 0) return null;
  return (
    <p className="truncate text-xs text-slate-700" data-testid="document-profile" title={d.issuer ?? undefined}>
      {d.title ? <span className="font-medium">{d.title}</span> : null}
      {d.title && rest.length > 0 ? " · " : null}
      {rest.join(" · ")}
    </p>
  );
}

/** Files whose pages the viewer can show, or say why not yet (a failure is explained in the row). */
const OPENABLE = new Set<FileInfo["status"]>(["uploaded", "indexing", "indexed"]);

export function FileRow({
  workspaceId,
  file: f,
  owner,
  onOpen,
}: {
  workspaceId: string;
  file: FileInfo;
  owner: boolean;
  onOpen?: (f: FileInfo) => void;
}) {
  const openable = onOpen && f.version_id && OPENABLE.has(f.status);
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 @xl:flex-row @xl:items-center @xl:gap-3" aria-label={f.filename}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-[10px] font-semibold uppercase text-slate-600"
        >
          {(f.filename.split(".").pop() ?? "").slice(0, 4) || "file"}
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            {openable ? (
              // A link to the bytes without JavaScript; with it, the viewer beside the list.
              <a
                href={`/resources/workspaces/${encodeURIComponent(workspaceId)}/files/${encodeURIComponent(f.id)}/versions/${encodeURIComponent(f.version_id!)}/content`}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  onOpen(f);
                }}
                aria-label={`Open ${f.filename}`}
                title="Open in the viewer"
                className="min-w-0 truncate rounded-sm underline-offset-2 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {f.filename}
              </a>
            ) : (
              <span className="truncate">{f.filename}</span>
            )}
            <StatusBadge status={f.status} className="flex shrink-0 @xl:hidden" />
          </p>
          <DocumentLine document={f.document} />
          <p className="text-xs text-slate-500">
            {formatBytes(f.byte_size)} · {formatDate(f.created_at)}
          </p>
          {f.source ? (
            <p className="text-xs text-slate-500" aria-label="SEC filing">
              SEC {f.source.form} · {f.source.company} (CIK {f.source.cik})
              {f.source.period ? ` · period ${f.source.period}` : ""} · filed {f.source.filed_at} ·{" "}
              <a
                href={f.source.source_url}
                target="_blank"
                rel="noreferrer"
                className="text-brand-700 underline hover:text-brand-800"
              >
                on EDGAR
              </a>
            </p>
          ) : null}
          {f.status === "failed" && f.error ? (
            <p className="mt-1 break-words text-xs text-red-700">
              <span className="font-medium">Couldn&apos;t index this file:</span> {f.error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="-ml-2 flex shrink-0 flex-wrap items-center gap-1 @xl:ml-0">
        <StatusBadge status={f.status} className="hidden @xl:flex" />
        {owner && f.status === "failed" ? (
          <WorkspaceForm workspaceId={workspaceId} intent="retry-indexing" fields={{ fileId: f.id }}>
            {(pending) => (
              <button
                type="submit"
                disabled={pending}
                aria-label={`Retry indexing ${f.filename}`}
                className={`${small} inline-flex items-center gap-1 border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-50`}
              >
                {pending ? <Spinner className="size-3" /> : <RetryIcon />}
                Retry
              </button>
            )}
          </WorkspaceForm>
        ) : null}
        {f.status !== "uploading" ? (
          <a
            href={`/resources/workspaces/${workspaceId}/files/${f.id}/download`}
            className={`${small} text-brand-700 hover:bg-brand-50`}
            aria-label={`Download ${f.filename}`}
          >
            Download
          </a>
        ) : null}
        {owner ? (
          // Keyed by what it edits: indexing moves updated_at and must not close an open rename.
          <Popover
            key={f.filename}
            label="Rename"
            ariaLabel={`Rename ${f.filename}`}
            summaryClassName={`${small} text-slate-700 hover:bg-slate-100`}
          >
            <WorkspaceForm
              workspaceId={workspaceId}
              intent="rename-file"
              fields={{ fileId: f.id }}
              className="space-y-2"
            >
              {(pending) => (
                <>
                  <Field
                    label="File name"
                    name="filename"
                    required
                    maxLength={255}
                    defaultValue={f.filename}
                    autoComplete="off"
                  />
                  <Button pending={pending} disabled={pending} className="w-full py-1.5">
                    {pending ? "Saving..." : "Save name"}
                  </Button>
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
              <button
                type="submit"
                disabled={pending}
                className={`${small} text-red-700 hover:bg-red-50`}
                aria-label={`Delete ${f.filename}`}
              >
                Delete
              </button>
            )}
          </WorkspaceForm>
        ) : null}
      </div>
    </li>
  );
}
