import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { EdgarFiling } from "../../../contracts/edgar.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { postJson } from "./upload-transport.ts";

interface Company {
  cik: number;
  ticker: string | null;
  name: string;
}
type Progress =
  { state: "waiting" | "importing" } | { state: "done"; filename: string } | { state: "failed"; message: string };

const FORMS = ["10-K", "10-Q", "8-K", "20-F", "DEF 14A"];

/**
 * 'Add from → SEC EDGAR': find a public company by name or ticker, pick filings (form, period,
 * filed date) and import them into the Pod one after the other, each with its own progress line.
 * The files then go through the normal ingestion like any upload.
 */
export function EdgarPicker({ workspaceId }: { workspaceId: string }) {
  const url = `/resources/workspaces/${workspaceId}/edgar`;
  const revalidator = useRevalidator();
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<"search" | "list" | "import" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const [company, setCompany] = useState<Company | null>(null);
  const [form, setForm] = useState("10-K");
  const [filings, setFilings] = useState<EdgarFiling[] | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [progress, setProgress] = useState<Map<string, Progress>>(new Map());

  const run = async <T,>(what: "search" | "list" | "import", body: unknown): Promise<T | null> => {
    setBusy(what);
    setError(null);
    try {
      return await postJson<T>(url, body);
    } catch (err) {
      setError((err as Error).message);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!query.trim()) return;
    const res = await run<{ companies: Company[] }>("search", { step: "search", query });
    if (res) {
      setCompanies(res.companies);
      setCompany(null);
      setFilings(null);
    }
  };

  const list = async (c: Company, f: string) => {
    setCompany(c);
    setForm(f);
    setPicked(new Set());
    const res = await run<{ filings: EdgarFiling[] }>("list", { step: "list", cik: c.cik, forms: f ? [f] : [] });
    setFilings(res?.filings ?? null);
  };

  const importPicked = async () => {
    const chosen = (filings ?? []).filter((f) => picked.has(f.accession_number));
    const next = new Map(progress);
    for (const f of chosen) next.set(f.accession_number, { state: "waiting" });
    setProgress(new Map(next));
    setBusy("import");
    for (const f of chosen) {
      next.set(f.accession_number, { state: "importing" });
      setProgress(new Map(next));
      try {
        const res = await postJson<{ files: { filename: string }[] }>(url, {
          step: "import",
          cik: f.cik,
          accession_number: f.accession_number,
        });
        next.set(f.accession_number, { state: "done", filename: res.files.map((x) => x.filename).join(", ") });
      } catch (err) {
        next.set(f.accession_number, { state: "failed", message: (err as Error).message });
      }
      setProgress(new Map(next));
    }
    setBusy(null);
    setPicked(new Set());
    void revalidator.revalidate();
  };

  return (
    <div className="space-y-4">
      <form onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field
            label="Company or ticker"
            name="edgar-query"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Apple, AAPL, Berkshire…"
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary" pending={busy === "search"} disabled={busy !== null}>
          Search
        </Button>
      </form>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {companies && !company ? (
        companies.length === 0 ? (
          <p className="text-sm text-slate-500">No public company matches “{query}”.</p>
        ) : (
          <ul aria-label="Companies" className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {companies.map((c) => (
              <li key={`${c.cik}-${c.ticker}`}>
                <button
                  type="button"
                  className="flex w-full items-baseline gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
                  onClick={() => void list(c, form)}
                >
                  <span className="w-16 shrink-0 font-mono font-semibold text-slate-900">{c.ticker ?? "—"}</span>
                  <span className="min-w-0 flex-1 truncate text-slate-700">{c.name}</span>
                  <span className="hidden shrink-0 text-xs text-slate-400 sm:inline">CIK {c.cik}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}

      {company ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {company.name} <span className="font-mono text-slate-500">{company.ticker}</span>
            </h3>
            <div className="flex items-center gap-2">
              <label className="text-sm text-slate-600" htmlFor="edgar-form">
                Form
              </label>
              <select
                id="edgar-form"
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                value={form}
                onChange={(e) => void list(company, e.target.value)}
              >
                <option value="">All forms</option>
                {FORMS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
              <button type="button" className={buttonClass("ghost", "px-2 py-1")} onClick={() => setCompany(null)}>
                Back
              </button>
            </div>
          </div>
          {busy === "list" ? <p className="text-sm text-slate-500">Loading filings…</p> : null}
          {filings && busy !== "list" ? (
            filings.length === 0 ? (
              <p className="text-sm text-slate-500">No {form || ""} filings.</p>
            ) : (
              <table className="w-full text-left text-sm" aria-label="Filings">
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th className="w-8 py-1" />
                    <th className="py-1">Form</th>
                    <th className="py-1">Period</th>
                    <th className="py-1">Filed</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {filings.map((f) => {
                    const id = `edgar-${f.accession_number}`;
                    const p = progress.get(f.accession_number);
                    return (
                      <tr key={f.accession_number}>
                        <td className="py-1.5">
                          <input
                            id={id}
                            type="checkbox"
                            checked={picked.has(f.accession_number)}
                            disabled={busy === "import"}
                            onChange={(e) => {
                              const s = new Set(picked);
                              if (e.target.checked) s.add(f.accession_number);
                              else s.delete(f.accession_number);
                              setPicked(s);
                            }}
                          />
                        </td>
                        <td className="py-1.5">
                          <label htmlFor={id} className="font-medium text-slate-900">
                            {f.form}
                          </label>
                          {p ? <ProgressLine p={p} /> : null}
                        </td>
                        <td className="whitespace-nowrap py-1.5 pr-2 tabular-nums text-slate-700">{f.period ?? "—"}</td>
                        <td className="whitespace-nowrap py-1.5 tabular-nums text-slate-700">{f.filed_at}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )
          ) : null}
          <Button
            type="button"
            onClick={() => void importPicked()}
            disabled={picked.size === 0 || busy !== null}
            pending={busy === "import"}
          >
            {picked.size === 0
              ? "Pick filings to import"
              : `Import ${picked.size} filing${picked.size === 1 ? "" : "s"}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ProgressLine({ p }: { p: Progress }) {
  const text =
    p.state === "done"
      ? `Added as ${p.filename}`
      : p.state === "failed"
        ? `Failed: ${p.message}`
        : p.state === "waiting"
          ? "Waiting…"
          : "Importing…";
  const tone = p.state === "failed" ? "text-red-700" : p.state === "done" ? "text-emerald-700" : "text-slate-500";
  return (
    <span role="status" className={`block text-xs ${tone}`}>
      {text}
    </span>
  );
}
