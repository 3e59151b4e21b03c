import type { FileInfo } from "../../../contracts/files.ts";
import { formatBytes, formatDate } from "../../lib/format.ts";
import { Card } from "../ui/card.tsx";
import { IntentForm } from "../ui/intent-form.tsx";
import { AddToWorkspace } from "./add-to-workspace.tsx";
import { LibraryUploader } from "./library-uploader.tsx";

const small = "rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600";

export function AccountFiles({
  files,
  workspaces,
  storage,
}: {
  files: FileInfo[];
  workspaces: { id: string; name: string }[];
  storage: { used_storage: number; storage_quota: number };
}) {
  const used = storage.storage_quota > 0 ? Math.min(100, (storage.used_storage / storage.storage_quota) * 100) : 0;
  return (
    <Card>
      <header className="border-b border-slate-100 px-5 py-4">
        <h2 className="text-base font-semibold text-slate-900">Account files</h2>
        <div className="mt-2 flex items-center gap-3 text-xs text-slate-500">
          <div
            className="h-1.5 w-32 overflow-hidden rounded-full bg-slate-100"
            role="meter"
            aria-label="Storage used"
            aria-valuenow={Math.round(used)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-brand-600" style={{ width: `${used}%` }} />
          </div>
          {formatBytes(storage.used_storage)} of {formatBytes(storage.storage_quota)} used
        </div>
      </header>
      <div className="space-y-4 p-5">
        <LibraryUploader />
        {files.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No account files yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Account files">
            {files.map((f) => (
              <li
                key={f.id}
                aria-label={f.filename}
                className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{f.filename}</p>
                  <p className="text-xs text-slate-500">
                    {formatBytes(f.byte_size)} · {formatDate(f.created_at)}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <a
                    href={`/resources/library/files/${f.id}/download`}
                    className={`${small} text-brand-700 hover:bg-brand-50`}
                    aria-label={`Download ${f.filename}`}
                  >
                    Download
                  </a>
                  <AddToWorkspace
                    file={f}
                    workspaces={workspaces}
                    className={`${small} text-slate-700 hover:bg-slate-100`}
                  />
                  <IntentForm
                    intent="delete-file"
                    fields={{ fileId: f.id }}
                    confirm={`Delete "${f.filename}" from your library? This action cannot be undone.`}
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
                  </IntentForm>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
