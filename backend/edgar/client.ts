import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import { readCached, takeRequestSlot, writeCached } from "./repo.ts";

/**
 * The one way to SEC EDGAR, keeping the SEC's fair-access rules: every request declares the
 * deployment (EDGAR_USER_AGENT), the whole deployment stays within EDGAR_MAX_REQUESTS_PER_SECOND
 * (a slot taken in the shared database, so every process counts), throttled answers (429, or the
 * SEC's 403 "Request Rate Threshold Exceeded" page) are retried with a doubling wait, and JSON
 * answers are cached in the database.
 */

export type EdgarHost = "www" | "data" | "efts";

export interface EdgarResponse {
  status: number;
  contentType: string;
  body: Buffer;
  url: string;
}

/** How long EDGAR's JSON answers are kept. */
export const CACHE_TTL_MS = {
  /** The ticker map changes daily at most. */
  tickers: 24 * 60 * 60 * 1000,
  /** A company's filings: new ones appear during the day. */
  submissions: 10 * 60 * 1000,
  fullText: 10 * 60 * 1000,
} as const;

const THROTTLE_PAGE = /Request Rate Threshold Exceeded/i;

export function edgarUrl(deps: Deps, host: EdgarHost, path: string): string {
  const base = { www: deps.config.EDGAR_WWW_URL, data: deps.config.EDGAR_DATA_URL, efts: deps.config.EDGAR_EFTS_URL }[
    host
  ];
  return `${base.replace(/\/+$/, "")}${path}`;
}

function userAgent(deps: Deps): string {
  const ua = deps.config.EDGAR_USER_AGENT;
  if (!ua)
    throw new AppError(
      "edgar/not-configured",
      'SEC EDGAR is not set up on this server. The administrator must set EDGAR_USER_AGENT to the deployment\'s name and a contact email (for example "Acme Research admin@acme.com"), as the SEC requires of every client.',
    );
  return ua;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request that leaves later than its slot by more than this takes a new slot instead: sent late,
 * it would land too close to the next process's request.
 */
const LATE_MS = 15;

/** Waits for this process's turn in the deployment-wide budget. */
async function pace(deps: Deps): Promise<void> {
  // 25% headroom: a request delayed between its slot and the SEC (a busy event loop, a new
  // connection) must not make 11 land within one second. At 10% (edgartools' margin) two
  // processes on a loaded CI machine once landed 11 in a second at the fake SEC.
  const intervalMs = Math.ceil(1250 / deps.config.EDGAR_MAX_REQUESTS_PER_SECOND);
  // A few tries at most: a slow database must not keep a request from ever leaving.
  for (let tries = 1; ; tries++) {
    const slot = await takeRequestSlot(deps.db.kysely, { budget: "sec", intervalMs, now: Date.now() });
    const wait = slot - Date.now();
    if (wait > 0) await sleep(wait);
    if (Date.now() - slot <= LATE_MS || tries === 3) return;
  }
}

/** One GET, paced and retried while the SEC throttles; any other status is returned as is. */
export async function edgarGet(deps: Deps, url: string): Promise<EdgarResponse> {
  const ua = userAgent(deps);
  for (let attempt = 0; ; attempt++) {
    await pace(deps);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { "user-agent": ua, accept: "*/*" },
        signal: AbortSignal.timeout(deps.config.EDGAR_TIMEOUT_MS),
      });
    } catch (err) {
      deps.log.warn("edgar request failed", { url, error: (err as Error).message });
      throw new AppError("bad_gateway", "SEC EDGAR did not answer. Try again in a moment.");
    }
    const body = Buffer.from(await res.arrayBuffer());
    const throttled = res.status === 429 || (res.status === 403 && THROTTLE_PAGE.test(body.toString("utf8")));
    if (!throttled) return { status: res.status, contentType: res.headers.get("content-type") ?? "", body, url };
    deps.log.warn("edgar throttled", { url, attempt });
    if (attempt >= deps.config.EDGAR_RETRIES)
      throw new AppError(
        "edgar/throttled",
        "SEC EDGAR is refusing this server's requests for now (its limit is 10 requests per second per deployment, and it blocks for about 10 minutes when exceeded). Try again later.",
      );
    await sleep(deps.config.EDGAR_RETRY_BASE_MS * 2 ** attempt);
  }
}

/**
 * A JSON answer, from the cache while it is fresh. A 404 (S3's NoSuchKey) becomes `notFound`'s
 * error; another failure a 502.
 */
export async function edgarJson<T>(
  deps: Deps,
  url: string,
  o: { ttlMs: number; notFound: string },
): Promise<{ value: T; fetchedAt: string }> {
  const nowIso = new Date().toISOString();
  const cached = await readCached(deps.db.kysely, url, nowIso);
  if (cached) return { value: JSON.parse(cached.body) as T, fetchedAt: cached.fetched_at };
  const res = await edgarGet(deps, url);
  if (res.status === 404 || (res.status === 403 && /AccessDenied|NoSuchKey/.test(res.body.toString("utf8"))))
    throw new AppError("edgar/not-found", o.notFound);
  if (res.status !== 200) throw upstream(res);
  const text = res.body.toString("utf8");
  let value: T;
  try {
    value = JSON.parse(text) as T;
  } catch {
    throw upstream(res);
  }
  await writeCached(deps.db.kysely, {
    url,
    body: text,
    fetched_at: nowIso,
    expires_at: new Date(Date.now() + o.ttlMs).toISOString(),
  });
  return { value, fetchedAt: nowIso };
}

export function upstream(res: EdgarResponse): AppError {
  return new AppError("bad_gateway", `SEC EDGAR answered HTTP ${res.status} for ${new URL(res.url).pathname}.`);
}
