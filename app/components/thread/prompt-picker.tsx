import { BookMarked } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useResourceJson } from "./use-resource-json.ts";

interface SavedPrompt {
  id: string;
  title: string;
  content: string;
}

/**
 * The question box's "Prompts" button: a panel listing the user's saved prompts (the library's),
 * filtered as one types; arrow keys move, Enter or a click picks (its text goes into the box,
 * not sent), Escape closes and gives focus back to the button. None saved: a link to /library.
 */
export function PromptPicker({ onPick, disabled }: { onPick: (text: string) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const loaded = useResourceJson<{ prompts: SavedPrompt[] }>(open ? "/resources/prompts" : null, "Your prompts");
  const all = useMemo(() => (loaded.state === "ok" ? loaded.data.prompts : []), [loaded]);
  const shown = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return all.filter((p) => words.every((w) => `${p.title}\n${p.content}`.toLowerCase().includes(w)));
  }, [all, filter]);
  const current = shown[Math.min(active, shown.length - 1)];

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    if (current) document.getElementById(`${id}-${current.id}`)?.scrollIntoView({ block: "nearest" });
  }, [current, id]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setFilter("");
    setActive(0);
    if (refocus) button.current?.focus();
  };
  const pick = (p: SavedPrompt) => {
    close(false);
    onPick(p.content);
  };

  return (
    <div
      className="relative"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        disabled={disabled}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close(true) : setOpen(true))}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <BookMarked aria-hidden="true" className="size-3.5" />
        Prompts
      </button>
      {open ? (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-label="Saved prompts"
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.preventDefault();
            e.stopPropagation();
            close(true);
          }}
          className="absolute bottom-full left-0 z-30 mb-2 w-[min(26rem,calc(100vw-2.5rem))] rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg"
        >
          <label htmlFor={`${id}-filter`} className="sr-only">
            Filter saved prompts
          </label>
          <input
            ref={input}
            id={`${id}-filter`}
            type="text"
            role="combobox"
            aria-expanded={shown.length > 0}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={current ? `${id}-${current.id}` : undefined}
            autoComplete="off"
            value={filter}
            placeholder="Type to filter your prompts…"
            onChange={(e) => {
              setFilter(e.target.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown" || e.key === "ArrowUp") {
                e.preventDefault();
                if (shown.length === 0) return;
                const at = Math.min(active, shown.length - 1);
                setActive(e.key === "ArrowDown" ? (at + 1) % shown.length : (at - 1 + shown.length) % shown.length);
              } else if (e.key === "Enter") {
                e.preventDefault();
                if (current) pick(current);
              }
            }}
            className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
          />
          <ul
            id={`${id}-list`}
            role="listbox"
            aria-label="Saved prompts"
            className="mt-2 max-h-64 overflow-y-auto"
            hidden={shown.length === 0}
          >
            {shown.map((p) => (
              <li
                key={p.id}
                id={`${id}-${p.id}`}
                role="option"
                aria-selected={p === current}
                // Keeps focus in the filter while the pointer picks.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(p)}
                className="cursor-pointer rounded-md px-2.5 py-2 aria-selected:bg-brand-50"
              >
                <span className="block truncate font-medium text-slate-900">{p.title}</span>
                <span className="line-clamp-2 text-xs text-slate-600">{p.content}</span>
              </li>
            ))}
          </ul>
          <PickerNote loaded={loaded} total={all.length} shown={shown.length} filter={filter} />
        </div>
      ) : null}
    </div>
  );
}

function PickerNote({
  loaded,
  total,
  shown,
  filter,
}: {
  loaded: ReturnType<typeof useResourceJson>;
  total: number;
  shown: number;
  filter: string;
}) {
  if (loaded.state === "loading")
    return (
      <p className="px-2.5 py-2 text-slate-500" role="status">
        Loading your prompts…
      </p>
    );
  if (loaded.state === "error")
    return (
      <p className="px-2.5 py-2 text-red-700" role="alert">
        {loaded.message}
      </p>
    );
  if (total === 0)
    return (
      <p className="px-2.5 py-2 text-slate-600">
        No saved prompts yet.{" "}
        <a href="/library" className="font-medium text-brand-600 underline hover:text-brand-700">
          Save prompts in your library
        </a>
      </p>
    );
  if (shown === 0)
    return (
      <p className="px-2.5 py-2 text-slate-500" role="status">
        No prompts match “{filter}”.
      </p>
    );
  return null;
}
