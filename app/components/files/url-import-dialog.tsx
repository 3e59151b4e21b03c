import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { X } from "lucide-react";
import { toast } from "sonner";
import { Button, buttonClass } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { ImportFailed, postImport } from "./import-transport.ts";

/** What the browser can tell before asking the server: an absolute http(s) URL. */
export function urlProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return "Enter the file's URL.";
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return "Enter a full URL, starting with https:// or http://.";
  }
  return url.protocol === "http:" || url.protocol === "https:"
    ? null
    : "Only http:// and https:// URLs can be imported.";
}

/**
 * 'Add from URL': a modal dialog with the URL and an optional file name. The server fetches the
 * file (refusing private addresses with its own message, shown here) and stores it like an upload;
 * the list then shows it indexing.
 */
export function UrlImportDialog({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [url, setUrl] = useState("");
  const [filename, setFilename] = useState("");
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; filename?: string; form?: string }>({});

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    // showModal focuses the first control (Close); the URL is what one types first.
    urlInput.current?.focus();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = urlProblem(url);
    if (problem) return setErrors({ url: problem });
    setPending(true);
    setErrors({});
    try {
      const file = await postImport(workspaceId, "url", {
        url: url.trim(),
        ...(filename.trim() ? { filename: filename.trim() } : {}),
      });
      await revalidator.revalidate();
      toast.success(`Added ${file.filename}: it is being indexed.`);
      onClose();
    } catch (err) {
      const f = err instanceof ImportFailed ? err.fields : {};
      setErrors({ url: f.url, filename: f.filename, form: (err as Error).message });
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="url-import-title"
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id="url-import-title" className="text-base font-semibold">
              Add from URL
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              The server downloads the file from a public web address and indexes it like an upload.
            </p>
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <Field
          label="URL"
          name="url"
          type="url"
          inputMode="url"
          required
          ref={urlInput}
          autoComplete="off"
          placeholder="https://example.com/annual-report.pdf"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setErrors((x) => ({ ...x, url: undefined }));
          }}
          error={errors.url}
        />
        <Field
          label="File name (optional)"
          name="filename"
          maxLength={255}
          autoComplete="off"
          placeholder="Taken from the server or the URL when empty"
          value={filename}
          onChange={(e) => {
            setFilename(e.target.value);
            setErrors((x) => ({ ...x, filename: undefined }));
          }}
          error={errors.filename}
        />
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        {pending ? (
          <p role="status" className="text-sm text-slate-600">
            Downloading the file…
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass("secondary")} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <Button pending={pending} disabled={pending}>
            Add file
          </Button>
        </div>
      </form>
    </dialog>
  );
}
