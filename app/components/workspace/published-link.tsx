import { useState } from "react";
import { buttonClass } from "../ui/button.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { CopyLinkButton } from "./copy-link-button.tsx";
import { X } from "lucide-react";

/** Section 9: the published-links toasts last 3 s. */
export const PUBLISHED_TOAST_MS = 3000;

/**
 * After publishing: the share link, to copy or open. Shown inline whether the form was posted
 * with JavaScript or without (then the address is selectable text and the copy button waits).
 */
export function PublishedLink({ message, path, origin }: { message: string; path: string; origin: string }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const url = `${origin}${path}`;
  return (
    <section
      role="status"
      aria-label="Share link"
      className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium">{message} Anyone with this link can read it.</p>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setDismissed(true)}
            aria-label="Dismiss"
            className="-mr-1 -mt-0.5 grid size-7 shrink-0 place-items-center rounded-md text-emerald-800 hover:bg-emerald-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="share-link" className="sr-only">
          Share link
        </label>
        <input
          id="share-link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-emerald-200 bg-white px-3 py-1.5 font-mono text-xs text-slate-800"
        />
        <div className="flex gap-2">
          <CopyLinkButton
            path={path}
            duration={PUBLISHED_TOAST_MS}
            className={buttonClass("secondary", "flex-1 whitespace-nowrap px-3 py-1.5")}
          />
          <a
            href={path}
            target="_blank"
            rel="noopener"
            className={buttonClass("secondary", "flex-1 whitespace-nowrap px-3 py-1.5")}
          >
            Open
          </a>
        </div>
      </div>
    </section>
  );
}
