import { useRef } from "react";

export type PaneTab = "files" | "thread" | "viewer";

const TABS: [PaneTab, string][] = [
  ["files", "Files"],
  ["thread", "Thread"],
  ["viewer", "Viewer"],
];

/** The tab named by `?pane=` (how the tabs work without JavaScript); the thread by default. */
export const paneFromParam = (v: string | null): PaneTab => TABS.find(([t]) => t === v)?.[0] ?? "thread";

/** The id of a pane and of its tab, for aria-controls and aria-labelledby. */
export const paneId = (t: PaneTab) => `pane-${t}`;
export const tabId = (t: PaneTab) => `tab-${t}`;

/**
 * The thread screen's panes as tabs on a phone ("Files / Thread / Viewer"): arrow keys, Home and
 * End move between them (and show them), Tab leaves for the shown pane. Each is a link to `?pane=`,
 * so that without JavaScript the page comes back with that pane shown.
 */
export function PaneTabs({
  tab,
  onChange,
  hrefFor,
  className,
}: {
  tab: PaneTab;
  onChange: (t: PaneTab) => void;
  hrefFor: (t: PaneTab) => string;
  className: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const go = (t: PaneTab) => {
    onChange(t);
    list.current?.querySelector<HTMLElement>(`#${tabId(t)}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Panes"
      className={`grid grid-cols-3 gap-1 rounded-lg border border-slate-200 bg-slate-100 p-1 ${className}`}
      onKeyDown={(e) => {
        const i = TABS.findIndex(([t]) => t === tab);
        const next =
          e.key === "ArrowRight"
            ? (i + 1) % TABS.length
            : e.key === "ArrowLeft"
              ? (i + TABS.length - 1) % TABS.length
              : e.key === "Home"
                ? 0
                : e.key === "End"
                  ? TABS.length - 1
                  : null;
        if (next === null) return;
        e.preventDefault();
        go(TABS[next]![0]);
      }}
    >
      {TABS.map(([t, label]) => (
        <a
          key={t}
          id={tabId(t)}
          href={hrefFor(t)}
          role="tab"
          aria-selected={t === tab}
          aria-controls={paneId(t)}
          tabIndex={t === tab ? 0 : -1}
          onClick={(e) => {
            e.preventDefault();
            onChange(t);
          }}
          className="rounded-md px-3 py-1.5 text-center text-sm font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm"
        >
          {label}
        </a>
      ))}
    </div>
  );
}
