import { useRef, useState, type ComponentProps } from "react";
import { toast } from "sonner";

/** The cells of a rendered table as text, header row first (citation chips left out). */
export function tableCells(table: HTMLTableElement): string[][] {
  return [...table.rows].map((row) =>
    [...row.cells].map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("[data-citation-chip]").forEach((el) => el.remove());
      return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
    }),
  );
}

/** A table of an answer: scrolls sideways on narrow screens, and exports to .xlsx. */
export function TableBlock({ name, ...props }: ComponentProps<"table"> & { name: string }) {
  const ref = useRef<HTMLTableElement>(null);
  const [busy, setBusy] = useState(false);
  const exportXlsx = async () => {
    if (!ref.current) return;
    setBusy(true);
    try {
      const res = await fetch("/resources/table-export", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rows: tableCells(ref.current), name }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? "The table could not be exported.");
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get("content-disposition") ?? "")?.[1]
        ? decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(res.headers.get("content-disposition")!)![1]!)
        : "table.xlsx";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="my-3 rounded-lg border border-slate-200">
      <div className="flex justify-end border-b border-slate-100 bg-slate-50 px-2 py-1">
        <button
          type="button"
          onClick={() => void exportXlsx()}
          disabled={busy}
          className="rounded px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
        >
          {busy ? "Exporting…" : "Export .xlsx"}
        </button>
      </div>
      <div className="overflow-x-auto">
        <table
          ref={ref}
          className="w-full border-collapse text-left text-sm [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-3 [&_td]:py-1.5 [&_th]:bg-white [&_th]:px-3 [&_th]:py-1.5 [&_th]:font-semibold"
          {...props}
        />
      </div>
    </div>
  );
}
