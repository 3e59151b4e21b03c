import { useId, useRef, useState } from "react";
import { formatBytes } from "../../lib/format.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { RetryIcon } from "./retry-icon.tsx";
import type { UploadItem, Uploads } from "./use-uploads.ts";

const PHASE_LABEL: Record<UploadItem["phase"], string> = {
  queued: "Waiting…",
  hashing: "Preparing…",
  uploading: "Uploading…",
  finalizing: "Checking…",
  done: "Uploaded",
  failed: "Failed",
};

/**
 * A drop zone with a multi-file picker, and one progress bar per file of the current batch. A
 * failed file offers Retry (the same bytes again) and Remove.
 */
export function Uploader({ uploads, hint }: { uploads: Uploads; hint: string }) {
  const { items, start, retry, dismiss, clearFinished } = uploads;
  const onFiles = (files: File[]) => void start(files);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const finished = items.some((i) => i.phase === "done" || i.phase === "failed");
  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          onFiles(Array.from(e.dataTransfer.files));
        }}
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition ${
          over ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <p className="text-sm text-slate-700">
          <span className="hidden sm:inline">Drag and drop files here, or </span>
          <label
            htmlFor={id}
            className={`font-medium text-brand-600 underline-offset-2 ${hydrated ? "cursor-pointer hover:underline" : "opacity-50"}`}
          >
            <span className="sm:hidden">Choose files to upload</span>
            <span className="hidden sm:inline">choose files</span>
          </label>
        </p>
        <p className="text-xs text-slate-500">{hint}</p>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          disabled={!hydrated}
          aria-label="Upload files"
          className="sr-only"
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
            if (input.current) input.current.value = "";
          }}
        />
        {/* Rendered by the server and dropped once the page hydrates: a <noscript> would also do,
            but browsers that only block scripts (and Playwright's javaScriptEnabled) never show it. */}
        {hydrated ? null : (
          <p className="text-xs font-medium text-amber-800">
            Uploading files needs JavaScript. Please enable it in your browser to upload.
          </p>
        )}
      </div>
      {items.length > 0 ? (
        <div className="space-y-2" aria-live="polite">
          {items.map((i) => (
            <UploadRow
              key={i.key}
              item={i}
              onRetry={() => void retry(i.key)}
              onDismiss={() => {
                dismiss(i.key);
                input.current?.focus(); // the row and its buttons are gone: back to the picker
              }}
            />
          ))}
          {finished ? (
            <button
              type="button"
              onClick={clearFinished}
              className="text-xs font-medium text-slate-500 hover:text-slate-800"
            >
              Clear finished uploads
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const small =
  "rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50";

function UploadRow({ item: i, onRetry, onDismiss }: { item: UploadItem; onRetry: () => void; onDismiss: () => void }) {
  const row = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={row}
      tabIndex={-1}
      data-testid="upload-row"
      className="rounded-md border border-slate-200 bg-white px-3 py-2 focus:outline-none"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-slate-800">{i.name}</span>
        <span className={`shrink-0 text-xs ${i.phase === "failed" ? "text-red-700" : "text-slate-500"}`}>
          {PHASE_LABEL[i.phase]} · {formatBytes(i.size)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${i.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(i.progress * 100)}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full transition-[width] ${i.phase === "failed" ? "bg-red-500" : i.phase === "done" ? "bg-emerald-500" : "bg-brand-600"}`}
          style={{ width: `${Math.round(i.progress * 100)}%` }}
        />
      </div>
      {i.phase === "failed" ? (
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          {i.error ? (
            <p className="min-w-0 flex-1 text-xs text-red-700" role="alert">
              {i.error}
            </p>
          ) : null}
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <button
              type="button"
              onClick={() => {
                onRetry();
                row.current?.focus(); // the button goes away while it sends: keep the place
              }}
              aria-label={`Retry uploading ${i.name}`}
              className={`${small} inline-flex items-center gap-1 border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50`}
            >
              <RetryIcon />
              Retry
            </button>
            <button
              type="button"
              onClick={onDismiss}
              aria-label={`Remove ${i.name} from the uploads`}
              className={`${small} text-slate-600 hover:bg-slate-100`}
            >
              Remove
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
