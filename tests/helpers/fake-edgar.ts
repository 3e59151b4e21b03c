/**
 * A local SEC EDGAR: serves the real recorded responses in SHARED_DATA_DIR/edgar (see its README
 * and manifest.json) by URL, and enforces what the SEC enforces:
 * - a User-Agent declaring a name and a contact email, else 403 (the SEC's "Undeclared Automated
 *   Tool"; its page was not recorded, so the body here says so);
 * - at most 10 requests in any second across every caller, else the SEC's recorded "Request Rate
 *   Threshold Exceeded" page with 403 (the recording kept no status; SEC clients treat it as 403);
 * - unknown submissions answer the recorded S3-style 404.
 * Anything else it has no recording for answers 500 and fails the running test (fake-guard.ts).
 *
 * One server stands for the three hosts: EDGAR_WWW_URL = `${url}/www.sec.gov`, EDGAR_DATA_URL =
 * `${url}/data.sec.gov`, EDGAR_EFTS_URL = `${url}/efts.sec.gov` (see `env`).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { guardFake } from "./fake-guard.ts";

export const EDGAR_DATA_DIR = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data", "edgar");
/** Whether the recordings are here (tests skip without them). */
export const hasEdgarData = fs.existsSync(path.join(EDGAR_DATA_DIR, "manifest.json"));

interface ManifestEntry {
  file: string;
  url: string;
  method: string;
  status: number | null;
  recorded_headers: Record<string, string>;
}

export interface FakeEdgar {
  url: string;
  /** The server environment pointing the EDGAR client here. */
  env: { EDGAR_WWW_URL: string; EDGAR_DATA_URL: string; EDGAR_EFTS_URL: string };
  /** Every request: "HOST /path?query", with its arrival time in ms. */
  requests: { line: string; at: number; userAgent: string }[];
  /** Requests answered with the throttle page. */
  throttled: string[];
  unexpected: string[];
  /** The next `n` requests get the throttle page whatever the rate (tests of retries and errors). */
  throttleNext(n: number): void;
  /**
   * Serves a document nothing recorded ("www.sec.gov/Archives/..."), made up by the test: a
   * filing's exhibits, which the recordings list in its index but do not hold.
   */
  standIn(hostPath: string, doc: { contentType: string; body: string }): void;
  /** The most requests that arrived within any one second so far. */
  peakPerSecond(): number;
  close(): Promise<void>;
}

/** A User-Agent the SEC accepts: some name, then a contact email. */
const DECLARED = /\S.*\s[^\s@]+@[^\s@]+\.[^\s@]+/;

export interface FakeEdgarOptions {
  /** Requests allowed in any rolling second (the SEC's 10). */
  perSecond?: number;
  /** Arrivals closer than a second by this much still count as a second apart (default 0: strict). */
  jitterMs?: number;
  /** When a request over the rate is not a failure of the test (the test provokes it). */
  allowThrottle?: boolean;
}

export async function startFakeEdgar(o: FakeEdgarOptions = {}): Promise<FakeEdgar> {
  const perSecond = o.perSecond ?? 10;
  const jitterMs = o.jitterMs ?? 0;
  const manifest = JSON.parse(fs.readFileSync(path.join(EDGAR_DATA_DIR, "manifest.json"), "utf8")) as ManifestEntry[];
  // The alt/ recordings repeat URLs of the main ones (older schema): the main ones answer.
  const byUrl = new Map<string, ManifestEntry>();
  const efts: { params: URLSearchParams; entry: ManifestEntry }[] = [];
  for (const e of manifest) {
    if (e.file.startsWith("alt/") || !e.url.startsWith("https://") || e.status === null) continue;
    const u = new URL(e.url);
    if (u.hostname === "efts.sec.gov") efts.push({ params: u.searchParams, entry: e });
    else byUrl.set(`${u.hostname}${u.pathname}`, e);
  }
  const throttlePage = fs.readFileSync(path.join(EDGAR_DATA_DIR, "errors/www.sec.gov_rate-exceeded.html"));
  const notFound = fs.readFileSync(
    path.join(EDGAR_DATA_DIR, "errors/data.sec.gov_submissions_CIK-000000001.json.404.xml"),
    "utf8",
  );

  const requests: FakeEdgar["requests"] = [];
  const throttled: string[] = [];
  const unexpected: string[] = [];
  let forced = 0;
  const standIns = new Map<string, { contentType: string; body: string }>();

  const send = (res: http.ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string) => {
    res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) }).end(body);
  };

  const server = http.createServer((req, res) => {
    const at = Date.now();
    const raw = new URL(req.url ?? "/", "http://fake.local");
    const [, host = "", ...rest] = raw.pathname.split("/");
    const pathname = `/${rest.join("/")}`;
    const line = `${req.method} ${host}${pathname}${raw.search}`;
    const userAgent = req.headers["user-agent"] ?? "";
    requests.push({ line, at, userAgent });

    if (!DECLARED.test(userAgent)) {
      unexpected.push(`${line} -> undeclared User-Agent "${userAgent}"`);
      send(res, 403, { "content-type": "text/plain" }, "fake-edgar: Undeclared Automated Tool (403)");
      return;
    }
    const recent = requests.filter((r) => r.at > at - (1000 - jitterMs)).length;
    if (forced > 0 || recent > perSecond) {
      if (forced > 0) forced--;
      else if (!o.allowThrottle) unexpected.push(`${line} -> over ${perSecond} requests per second (${recent})`);
      throttled.push(line);
      send(res, 403, { "content-type": "text/html" }, throttlePage);
      return;
    }
    if (req.method !== "GET") {
      unexpected.push(line);
      send(res, 500, { "content-type": "text/plain" }, `fake-edgar: unexpected ${line}`);
      return;
    }

    if (host === "efts.sec.gov" && pathname === "/LATEST/search-index") {
      const q = raw.searchParams;
      const match = efts.find(
        ({ params }) =>
          params.get("q") === q.get("q") &&
          params.get("startdt") === q.get("startdt") &&
          params.get("enddt") === q.get("enddt"),
      );
      if (!match) {
        unexpected.push(`${line} -> no recorded full-text search for these q/startdt/enddt`);
        send(res, 500, { "content-type": "text/plain" }, `fake-edgar: no recording for ${line}`);
        return;
      }
      const body = JSON.parse(fs.readFileSync(path.join(EDGAR_DATA_DIR, match.entry.file), "utf8")) as {
        hits: { hits: { _source: { form?: string; root_forms?: string[] } }[] };
      };
      // No recording has a forms= filter: filter the recorded hits as EFTS does.
      const forms = q.get("forms")?.split(",").filter(Boolean);
      if (forms?.length)
        body.hits.hits = body.hits.hits.filter((h) =>
          forms.some((f) => h._source.form === f || h._source.root_forms?.includes(f)),
        );
      send(res, 200, match.entry.recorded_headers, JSON.stringify(body));
      return;
    }

    const standIn = standIns.get(`${host}${pathname}`);
    if (standIn) {
      send(res, 200, { "content-type": standIn.contentType }, standIn.body);
      return;
    }
    const entry = byUrl.get(`${host}${pathname}`);
    if (entry) {
      send(res, entry.status!, entry.recorded_headers, fs.readFileSync(path.join(EDGAR_DATA_DIR, entry.file)));
      return;
    }
    // data.sec.gov answers a CIK it does not know with S3's NoSuchKey (the recorded body, this key).
    if (host === "data.sec.gov" && pathname.startsWith("/submissions/")) {
      const key = pathname.slice(1);
      send(res, 404, { "content-type": "application/xml" }, notFound.replace("submissions/CIK-000000001.json", key));
      return;
    }
    unexpected.push(`${line} -> nothing recorded`);
    send(res, 500, { "content-type": "text/plain" }, `fake-edgar: nothing recorded for ${line}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  guardFake("fake-edgar", unexpected);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      EDGAR_WWW_URL: `${url}/www.sec.gov`,
      EDGAR_DATA_URL: `${url}/data.sec.gov`,
      EDGAR_EFTS_URL: `${url}/efts.sec.gov`,
    },
    requests,
    throttled,
    unexpected,
    throttleNext(n) {
      forced = n;
    },
    standIn(hostPath, doc) {
      standIns.set(hostPath, doc);
    },
    peakPerSecond() {
      let peak = 0;
      for (let i = 0, j = 0; i < requests.length; i++) {
        while (requests[i]!.at - requests[j]!.at >= 1000 - jitterMs) j++;
        peak = Math.max(peak, i - j + 1);
      }
      return peak;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
