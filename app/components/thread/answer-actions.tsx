import { useFetcher, useLocation } from "react-router";
import { toast } from "sonner";
import type { StoredMessage } from "./turns.ts";

const Icon = ({ d }: { d: string }) => (
  <svg
    viewBox="0 0 20 20"
    className="size-3.5"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);
const ICONS = {
  copy: "M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7z",
  regenerate: "M16 10a6 6 0 1 1-1.76-4.24M16 3.5v3.5h-3.5",
  up: "M6 9v8H3.5V9H6zm0 0 3.5-6c1.2 0 2 .9 2 2v3h4a1.5 1.5 0 0 1 1.47 1.8l-1.2 6A1.5 1.5 0 0 1 14.3 17H6",
  down: "M6 11V3H3.5v8H6zm0 0 3.5 6c1.2 0 2-.9 2-2v-3h4a1.5 1.5 0 0 0 1.47-1.8l-1.2-6A1.5 1.5 0 0 0 14.3 3H6",
};

const iconButton =
  "inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-brand-50 aria-pressed:text-brand-700";

/** A form posted to the thread route's action (a real form: it works without JavaScript too). */
function ThreadForm({
  action,
  intent,
  fields,
  children,
  className,
}: {
  action: string;
  intent: string;
  fields: Record<string, string>;
  children: (pending: boolean, fetcher: ReturnType<typeof useFetcher>) => React.ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={action} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children(fetcher.state !== "idle", fetcher)}
    </fetcher.Form>
  );
}

/** Copy, regenerate, thumbs up/down and the choice among regenerated answers. */
export function AnswerActions(o: {
  threadPath: string;
  answer: StoredMessage | null;
  siblings: StoredMessage[];
  text: string;
  canWrite: boolean;
  signedIn: boolean;
  busy: boolean;
  onRegenerate: (() => void) | null;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(o.text);
      toast.success("Answer copied.");
    } catch {
      toast.error("Copying is not allowed here.");
    }
  };
  const a = o.answer;
  const at = a ? o.siblings.findIndex((s) => s.id === a.id) : -1;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1" role="group" aria-label="Answer actions">
      <button type="button" onClick={() => void copy()} disabled={!o.text} className={iconButton}>
        <Icon d={ICONS.copy} /> Copy
      </button>
      {o.canWrite && o.onRegenerate ? (
        <button type="button" onClick={o.onRegenerate} disabled={o.busy} className={iconButton}>
          <Icon d={ICONS.regenerate} /> Regenerate
        </button>
      ) : null}
      {a && o.signedIn ? (
        <>
          {(["up", "down"] as const).map((rating) => (
            <ThreadForm
              key={rating}
              action={o.threadPath}
              intent="feedback"
              fields={{ messageId: a.id, rating: a.feedback?.rating === rating ? "none" : rating }}
            >
              {(pending, fetcher) => {
                // Shown as it will be while the rating is saved.
                const wanted = fetcher.formData?.get("rating");
                const on = wanted ? wanted === rating : a.feedback?.rating === rating;
                return (
                  <button
                    type="submit"
                    disabled={pending}
                    aria-pressed={on}
                    aria-label={rating === "up" ? "Good answer" : "Bad answer"}
                    className={iconButton}
                  >
                    <Icon d={ICONS[rating]} />
                  </button>
                );
              }}
            </ThreadForm>
          ))}
        </>
      ) : null}
      {a && o.siblings.length > 1 && at >= 0 ? (
        <div className="ml-auto flex items-center gap-0.5 text-xs text-slate-500">
          {o.canWrite ? (
            <ThreadForm action={o.threadPath} intent="set-active" fields={{ messageId: o.siblings[at - 1]?.id ?? "" }}>
              {(pending) => (
                <button
                  type="submit"
                  disabled={pending || at === 0 || o.busy}
                  aria-label="Previous answer"
                  className={iconButton}
                >
                  ‹
                </button>
              )}
            </ThreadForm>
          ) : null}
          <span aria-label={`Answer ${at + 1} of ${o.siblings.length}`}>
            {at + 1} / {o.siblings.length}
          </span>
          {o.canWrite ? (
            <ThreadForm action={o.threadPath} intent="set-active" fields={{ messageId: o.siblings[at + 1]?.id ?? "" }}>
              {(pending) => (
                <button
                  type="submit"
                  disabled={pending || at === o.siblings.length - 1 || o.busy}
                  aria-label="Next answer"
                  className={iconButton}
                >
                  ›
                </button>
              )}
            </ThreadForm>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
