import { Form } from "react-router";
import { toast } from "sonner";
import type { Snapshot } from "../../../contracts/snapshots.ts";
import { Badge } from "../ui/badge.tsx";
import { buttonClass } from "../ui/button.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { type PublishedFilter, snapshotTitle } from "./published-filter.ts";

// A fixed zone keeps server and browser rendering the same text (no hydration mismatch).
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

const action = "px-2.5 py-1 text-xs";

/** One published link: a <details> row (expands without JavaScript too) and its actions. */
export function PublishedRow({
  snapshot: s,
  filter,
  toastMs,
}: {
  snapshot: Snapshot;
  filter: PublishedFilter;
  toastMs: number;
}) {
  const hydrated = useHydrated();
  const title = snapshotTitle(s);
  const isThread = s.thread_id !== null;
  // The server does not know the address the visitor opened; the browser does.
  const url = hydrated ? new URL(s.share_path, window.location.origin).toString() : s.share_path;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied to clipboard!", { duration: toastMs });
    } catch {
      toast.error("Failed to copy link", { duration: toastMs });
    }
  };
  return (
    <li aria-label={title} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
      <details className="group min-w-0 flex-1">
        <summary className="-mx-1 flex cursor-pointer list-none items-start gap-2 rounded-md px-1 py-0.5 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <svg
            viewBox="0 0 20 20"
            className="mt-0.5 size-4 shrink-0 text-slate-400 transition group-open:rotate-90"
            aria-hidden="true"
            fill="currentColor"
          >
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4z" />
          </svg>
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
            <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
              <Badge tone={isThread ? "amber" : "brand"}>{isThread ? "Thread" : "Pod"}</Badge>
              {s.is_discoverable ? <Badge tone="green">Discoverable</Badge> : null}
              <span>{dateFormat.format(new Date(s.created_at))}</span>
              {isThread ? <span className="truncate">in {s.workspace_name}</span> : null}
            </span>
          </span>
        </summary>
        <dl className="mt-3 ml-6 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-500">Created</dt>
          <dd className="text-slate-800">{dateTimeFormat.format(new Date(s.created_at))} UTC</dd>
          <dt className="text-slate-500">Type</dt>
          <dd className="text-slate-800">{isThread ? `Thread of the Pod "${s.workspace_name}"` : "Pod"}</dd>
          <dt className="text-slate-500">Discoverable</dt>
          <dd className="text-slate-800">
            {s.is_discoverable ? "Yes: listed on Published Pods" : "No: only people with the link can open it"}
          </dd>
          <dt className="text-slate-500">Link</dt>
          <dd>
            <a
              href={s.share_path}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-brand-700 hover:underline"
            >
              {url}
            </a>
          </dd>
        </dl>
      </details>
      <div className="flex shrink-0 items-center gap-1.5 pl-6 sm:pl-0">
        <button
          type="button"
          onClick={copy}
          disabled={!hydrated}
          aria-label={`Copy link to ${title}`}
          className={buttonClass("secondary", action)}
        >
          Copy link
        </button>
        <a
          href={s.share_path}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${title} in a new tab`}
          className={buttonClass("secondary", action)}
        >
          Open
        </a>
        {/* Asks first: the confirmation is this page with ?delete= (a dialog with JavaScript, a screen without). */}
        <Form method="get" preventScrollReset>
          {filter !== "all" ? <input type="hidden" name="filter" value={filter} /> : null}
          <button
            type="submit"
            name="delete"
            value={s.id}
            aria-label={`Delete ${title}`}
            className={buttonClass("danger", action)}
          >
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}
