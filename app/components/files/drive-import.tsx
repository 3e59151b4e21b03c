import { useState } from "react";
import { useRevalidator } from "react-router";
import type { GooglePickerConfig } from "../../lib/load-context.ts";
import { Button } from "../ui/button.tsx";
import { pickFromDrive } from "./google-picker.ts";
import { postImport } from "./import-transport.ts";

type Line =
  | { name: string; state: "importing" }
  | { name: string; state: "done" }
  | { name: string; state: "failed"; message: string };

/**
 * 'Add from Google Drive': Google Picker (the user's own token, drive.file scope), then each picked
 * file goes to the server, which downloads it from Drive and indexes it like an upload.
 */
export function DriveImport({ workspaceId, config }: { workspaceId: string; config: GooglePickerConfig }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>([]);

  const choose = async () => {
    setBusy(true);
    setError(null);
    try {
      const picked = await pickFromDrive(config);
      if (!picked) return;
      const next: Line[] = picked.docs.map((d) => ({ name: d.name, state: "importing" }));
      setLines([...next]);
      for (const [i, d] of picked.docs.entries()) {
        try {
          await postImport(workspaceId, "gdrive", { file_id: d.id, access_token: picked.accessToken });
          next[i] = { name: d.name, state: "done" };
        } catch (err) {
          next[i] = { name: d.name, state: "failed", message: (err as Error).message };
        }
        setLines([...next]);
      }
      void revalidator.revalidate();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          Pick files from your Google Drive; Google Docs come in as Word, Sheets as Excel.
        </p>
        <Button type="button" variant="secondary" pending={busy} disabled={busy} onClick={() => void choose()}>
          Choose from Drive
        </Button>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {lines.length ? (
        <ul aria-label="Drive imports" className="space-y-1 text-sm">
          {lines.map((l, i) => (
            <li
              key={i}
              role="status"
              className={
                l.state === "failed" ? "text-red-700" : l.state === "done" ? "text-emerald-700" : "text-slate-600"
              }
            >
              {l.name}: {l.state === "importing" ? "importing…" : l.state === "done" ? "added" : `failed: ${l.message}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
