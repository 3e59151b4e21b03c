import { Readable } from "node:stream";
import type { EdgarFiling } from "../../contracts/edgar.ts";
import { AppError } from "../../contracts/errors.ts";
import { fileSource, type FileSource } from "../../contracts/files.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import { listSourcedWorkspaceFiles } from "../files/repo.ts";
import { storeStream } from "../files/upload.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { CACHE_TTL_MS, edgarGet, edgarJson, edgarUrl, upstream } from "./client.ts";
import { parseFilingIndex } from "./filing-index.ts";

const pad = (cik: number) => String(cik).padStart(10, "0");

// ---------------------------------------------------------------------------------------------
// The ticker map: company_tickers.json, cached a day, parsed once per fetch in each process.

interface Company {
  cik: number;
  ticker: string;
  name: string;
}
let tickerMemo: { url: string; fetchedAt: string; until: number; companies: Company[] } | null = null;

async function tickerMap(deps: Deps): Promise<Company[]> {
  const url = edgarUrl(deps, "www", "/files/company_tickers.json");
  if (tickerMemo && tickerMemo.url === url && tickerMemo.until > Date.now()) return tickerMemo.companies;
  const { value, fetchedAt } = await edgarJson<
    Record<string, { cik_str: number | string; ticker: string; title: string }>
  >(deps, url, { ttlMs: CACHE_TTL_MS.tickers, notFound: "SEC EDGAR's company list is missing." });
  const companies = Object.values(value).map((c) => ({ cik: Number(c.cik_str), ticker: c.ticker, name: c.title }));
  tickerMemo = { url, fetchedAt, until: Date.parse(fetchedAt) + CACHE_TTL_MS.tickers, companies };
  return companies;
}

/** Companies by ticker (exact first, then prefix), CIK or name words, best first. */
function findCompanies(all: Company[], query: string, limit = 10): Company[] {
  const q = query.trim().toUpperCase();
  const words = q.split(/\s+/).filter(Boolean);
  const rank = (c: Company): number => {
    const ticker = c.ticker.toUpperCase();
    const name = c.name.toUpperCase();
    if (ticker === q || ticker === q.replace(".", "-") || String(c.cik) === q.replace(/^0+/, "")) return 0;
    if (name === q) return 1;
    if (name.startsWith(q)) return 2;
    if (ticker.startsWith(q) && q.length >= 2) return 3;
    if (words.every((w) => name.includes(w))) return 4;
    return -1;
  };
  return all
    .map((c, order) => ({ c, r: rank(c), order }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.order - b.order) // the map is ordered roughly by size
    .slice(0, limit)
    .map((x) => x.c);
}

// ---------------------------------------------------------------------------------------------
// Full-text search (efts.sec.gov): each hit is one document of a filing.

interface EftsHit {
  _id: string;
  _source: {
    ciks?: string[];
    display_names?: string[];
    adsh?: string;
    form?: string;
    root_forms?: string[];
    file_type?: string;
    file_date?: string;
    period_ending?: string | null;
  };
}

async function fullTextSearch(
  deps: Deps,
  o: { query: string; forms?: string[]; dateFrom?: string; dateTo?: string },
): Promise<EdgarFiling[]> {
  const params = new URLSearchParams({ q: o.query });
  if (o.forms?.length) params.set("forms", o.forms.join(","));
  if (o.dateFrom || o.dateTo) {
    params.set("dateRange", "custom");
    params.set("startdt", o.dateFrom ?? "2001-01-01");
    params.set("enddt", o.dateTo ?? new Date().toISOString().slice(0, 10));
  }
  const url = edgarUrl(deps, "efts", `/LATEST/search-index?${params.toString().replace(/\+/g, "%20")}`);
  const { value } = await edgarJson<{ hits?: { hits?: EftsHit[] } }>(deps, url, {
    ttlMs: CACHE_TTL_MS.fullText,
    notFound: "SEC EDGAR's full-text search is not available.",
  });
  const byFiling = new Map<string, EdgarFiling>();
  for (const hit of value.hits?.hits ?? []) {
    const s = hit._source;
    if (!s.adsh || !s.ciks?.[0]) continue;
    const doc = hit._id.split(":")[1] ?? null;
    const isPrimary = !!s.form && s.file_type === s.form;
    const known = byFiling.get(s.adsh);
    if (known) {
      if (isPrimary && !known.primary_document) known.primary_document = doc;
      continue;
    }
    byFiling.set(s.adsh, {
      cik: Number(s.ciks[0]),
      company: (s.display_names?.[0] ?? "").split(/\s{2}\(/)[0]!.trim(),
      form: s.form ?? s.root_forms?.[0] ?? "",
      filed_at: s.file_date ?? "",
      period: s.period_ending || null,
      accession_number: s.adsh,
      primary_document: isPrimary ? doc : null,
    });
  }
  return [...byFiling.values()];
}

export async function searchEdgar(
  deps: Deps,
  o: { query: string; forms?: string[]; dateFrom?: string; dateTo?: string; fullText?: boolean },
) {
  const companies: { cik: number; ticker: string | null; name: string }[] = findCompanies(
    await tickerMap(deps),
    o.query,
  );
  // A CIK the ticker map lacks (delisted companies, people, funds): EDGAR's own record names it.
  const cik = /^\s*(?:CIK)?0*(\d{1,10})\s*$/i.exec(o.query)?.[1];
  if (cik && !companies.some((c) => c.cik === Number(cik))) {
    const found = await submissions(deps, Number(cik)).catch((err: unknown) => {
      if (err instanceof AppError && err.code === "edgar/not-found") return null;
      throw err;
    });
    if (found) companies.unshift({ cik: Number(cik), ticker: found.tickers?.[0] ?? null, name: found.name });
  }
  const filings = o.fullText ? await fullTextSearch(deps, o) : [];
  return { companies, filings };
}

// ---------------------------------------------------------------------------------------------
// A company's filings (data.sec.gov submissions, with the older pages it names).

interface FilingColumns {
  accessionNumber: string[];
  filingDate: string[];
  reportDate?: string[];
  form: string[];
  primaryDocument?: string[];
}
interface Submissions {
  cik: string | number;
  name: string;
  tickers?: string[];
  filings: { recent: FilingColumns; files?: { name: string }[] };
}

async function submissions(deps: Deps, cik: number): Promise<Submissions> {
  const url = edgarUrl(deps, "data", `/submissions/CIK${pad(cik)}.json`);
  return (
    await edgarJson<Submissions>(deps, url, {
      ttlMs: CACHE_TTL_MS.submissions,
      notFound: `No company or person with CIK ${cik} files with the SEC.`,
    })
  ).value;
}

async function filingPage(deps: Deps, s: Submissions, page: number): Promise<FilingColumns | null> {
  if (page === 0) return s.filings.recent;
  const name = s.filings.files?.[page - 1]?.name;
  if (!name) return null;
  const url = edgarUrl(deps, "data", `/submissions/${name}`);
  return (await edgarJson<FilingColumns>(deps, url, { ttlMs: CACHE_TTL_MS.submissions, notFound: "" })).value;
}

function row(cik: number, company: string, c: FilingColumns, i: number): EdgarFiling {
  return {
    cik,
    company,
    form: c.form[i] ?? "",
    filed_at: c.filingDate[i] ?? "",
    period: c.reportDate?.[i] || null,
    accession_number: c.accessionNumber[i] ?? "",
    primary_document: c.primaryDocument?.[i] || null,
  };
}

/** "page.index": where the next page of a listing starts (page 0 is `recent`). */
function parseCursor(cursor: string | undefined): [number, number] {
  if (cursor === undefined) return [0, 0];
  const m = /^(\d{1,4})\.(\d{1,6})$/.exec(cursor);
  if (!m) throw new AppError("validation_failed", "That cursor is not one this API gave.", { cursor: "invalid" });
  return [Number(m[1]), Number(m[2])];
}

export async function listFilings(
  deps: Deps,
  o: { cik: number; forms?: string[]; periodFrom?: string; periodTo?: string; limit?: number; cursor?: string },
) {
  const s = await submissions(deps, o.cik);
  const limit = o.limit ?? 40;
  const forms = o.forms?.map((f) => f.toUpperCase());
  let [page, index] = parseCursor(o.cursor);
  const filings: EdgarFiling[] = [];
  let next: string | null = null;
  for (let columns = await filingPage(deps, s, page); columns; columns = await filingPage(deps, s, ++page)) {
    for (; index < columns.accessionNumber.length; index++) {
      const f = row(o.cik, s.name, columns, index);
      const when = f.period ?? f.filed_at;
      if (forms && !forms.includes(f.form.toUpperCase())) continue;
      if (o.periodFrom && when < o.periodFrom) continue;
      if (o.periodTo && when > o.periodTo) continue;
      if (filings.length === limit) {
        next = `${page}.${index}`;
        break;
      }
      filings.push(f);
    }
    if (next) break;
    index = 0;
  }
  return { company: { cik: o.cik, name: s.name, tickers: s.tickers ?? [] }, filings, next_cursor: next };
}

// ---------------------------------------------------------------------------------------------
// Importing a filing into a Pod.

/** `<TICKER> <FORM> <period>`: the company's name stands in for a ticker it does not have. */
function baseName(o: { ticker: string | null; company: string; form: string; period: string }): string {
  const who = (o.ticker ?? o.company).replace(/[\\/:*?"<>|]+/g, " ").trim();
  return `${who} ${o.form.replace(/\//g, "-")} ${o.period}`;
}

const extension = (name: string) => /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0].toLowerCase() ?? ".htm";
const CONTENT_TYPES: Record<string, string> = {
  ".htm": "text/html",
  ".html": "text/html",
  ".txt": "text/plain",
  ".pdf": "application/pdf",
  ".xml": "application/xml",
};

export async function importFiling(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; cik: number; accessionNumber: string; includeExhibits?: boolean },
) {
  requireFullAccess(o.actor);
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const company = await submissions(deps, o.cik);
  const indexUrl = edgarUrl(deps, "www", `/Archives/edgar/data/${o.cik}/${o.accessionNumber}-index.html`);
  const page = await edgarGet(deps, indexUrl);
  if (page.status === 404 || page.status === 403)
    throw new AppError("edgar/not-found", `CIK ${o.cik} has no filing ${o.accessionNumber} on SEC EDGAR.`);
  if (page.status !== 200) throw upstream(page);
  const index = parseFilingIndex(page.body.toString("utf8"));
  const primary = index.documents[0];
  if (!index.form || !primary)
    throw new AppError("bad_gateway", `SEC EDGAR's index of filing ${o.accessionNumber} lists no documents.`);
  const ticker = company.tickers?.[0] ?? null;
  const period = index.period ?? index.filedAt ?? "";
  const base = baseName({ ticker, company: company.name, form: index.form, period });
  const wanted = [
    { doc: primary, name: `${base}${extension(primary.name)}` },
    ...(o.includeExhibits
      ? index.documents
          .slice(1)
          .filter((d) => /^EX-/i.test(d.type) && extension(d.name) in CONTENT_TYPES)
          .map((d) => ({ doc: d, name: `${base} ${d.type}${extension(d.name)}` }))
      : []),
  ];
  const folder = `/Archives/edgar/data/${o.cik}/${o.accessionNumber.replace(/-/g, "")}`;
  // A document this Pod already imported is answered with its file, not imported twice.
  const imported = new Map(
    (await listSourcedWorkspaceFiles(deps.db.kysely, o.workspaceId)).flatMap((f) => {
      const source = fileSource.safeParse(JSON.parse(f.source!));
      return source.success ? [[source.data.source_url, { id: f.id, filename: f.filename }] as const] : [];
    }),
  );
  const files: { id: string; filename: string }[] = [];
  for (const { doc, name } of wanted) {
    const already = imported.get(`https://www.sec.gov${folder}/${doc.name}`);
    if (already) {
      files.push(already);
      continue;
    }
    const url = edgarUrl(deps, "www", `${folder}/${doc.name}`);
    const res = await edgarGet(deps, url);
    if (res.status !== 200) throw upstream(res);
    const source: FileSource = {
      kind: "sec_edgar",
      company: company.name,
      cik: o.cik,
      ticker,
      form: index.form,
      filed_at: index.filedAt ?? "",
      period: index.period,
      accession_number: o.accessionNumber,
      source_url: `https://www.sec.gov${folder}/${doc.name}`,
    };
    const ext = extension(doc.name);
    const stored = await storeStream(deps, {
      actor: o.actor,
      scope: "workspace",
      workspaceId: o.workspaceId,
      filename: name,
      contentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
      body: Readable.from(res.body),
      maxBytes: deps.config.MAX_UPLOAD_BYTES,
      source,
    });
    files.push({ id: stored.id, filename: stored.filename });
  }
  return { files };
}
