import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { sweep } from "../../backend/worker.ts";
import { startApiProcess } from "../helpers/api-process.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { hasEdgarData, startFakeEdgar, type FakeEdgar } from "../helpers/fake-edgar.ts";
import { createWorkspace } from "../helpers/files.ts";
import { ofType, openSse } from "../helpers/sse.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * SEC EDGAR against the local fake serving the SEC's recorded answers (SHARED_DATA_DIR/edgar):
 * search, list, import into a Pod through the normal ingestion, the fair-access rules.
 */
const UA = "Analyst Workspace tests edgar-tests@example.com";

// Skipped only when the recorded SEC EDGAR responses are absent (SHARED_DATA_DIR/edgar): the local
// fake replays them, and tests cannot reach the real EDGAR.
describe.skipIf(!hasEdgarData)("SEC EDGAR", () => {
  let edgar: FakeEdgar;
  let app: TestApp;
  let alice: CreatedUser;

  beforeAll(async () => {
    edgar = await startFakeEdgar();
    app = await createTestApp({ ...edgar.env, EDGAR_USER_AGENT: UA, EDGAR_RETRY_BASE_MS: "20" });
    alice = await createUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await edgar?.close();
  });

  const post = (path: string, body: unknown, token = alice.token) =>
    app.request("POST", `/public_data/edgar/${path}`, { token, body });

  it("finds companies by ticker and by name from the SEC's ticker map, fetched once and cached", async () => {
    const before = edgar.requests.length;
    const byTicker = await post("search", { query: "aapl" });
    expect(byTicker.status).toBe(200);
    expect(byTicker.body.companies[0]).toEqual({ cik: 320193, ticker: "AAPL", name: "Apple Inc." });
    expect(byTicker.body.filings).toEqual([]);

    const byName = await post("search", { query: "berkshire hathaway" });
    expect(byName.body.companies.map((c: { ticker: string }) => c.ticker)).toEqual(
      expect.arrayContaining(["BRK-B", "BRK-A"]),
    );
    const shareClass = await post("search", { query: "BRK.B" });
    expect(shareClass.body.companies[0]).toMatchObject({ ticker: "BRK-B", cik: 1067983 });
    // A filer the ticker map lacks (CARBO is delisted) is found by its CIK.
    const byCik = await post("search", { query: "1009672" });
    expect(byCik.body.companies).toEqual([{ cik: 1009672, ticker: null, name: "CARBO CERAMICS INC" }]);
    const unknownCik = await post("search", { query: "999999999" });
    expect(unknownCik.status).toBe(200);
    expect(unknownCik.body.companies).toEqual([]);
    // One request for the map; the other searches were answered from the cache.
    expect(edgar.requests.slice(before).map((r) => r.line)).toEqual([
      "GET www.sec.gov/files/company_tickers.json",
      "GET data.sec.gov/submissions/CIK0001009672.json",
      "GET data.sec.gov/submissions/CIK0999999999.json",
    ]);
    expect(edgar.requests.every((r) => r.userAgent === UA)).toBe(true);
  });

  it("searches filings by text with dates and forms (EDGAR full-text search), one row per filing", async () => {
    const res = await post("search", {
      query: "ford",
      full_text: true,
      date_from: "2020-04-19",
      date_to: "2025-04-19",
    });
    expect(res.status).toBe(200);
    const filings = res.body.filings as { accession_number: string; form: string; cik: number; company: string }[];
    expect(filings.length).toBeGreaterThan(5);
    expect(new Set(filings.map((f) => f.accession_number)).size).toBe(filings.length);
    expect(filings[0]!.cik).toBeGreaterThan(0);
    expect(filings[0]!.company).not.toMatch(/CIK/);

    const tenQ = await post("search", {
      query: "ford",
      full_text: true,
      date_from: "2020-04-19",
      date_to: "2025-04-19",
      forms: ["10-Q"],
    });
    expect(tenQ.body.filings.length).toBeGreaterThan(0);
    expect(tenQ.body.filings.length).toBeLessThan(filings.length);
    expect(tenQ.body.filings.every((f: { form: string }) => f.form === "10-Q")).toBe(true);
    expect(edgar.requests.at(-1)!.line).toContain("forms=10-Q");
  });

  it("lists a company's filings by form, paging with a cursor into the older pages it links to", async () => {
    const first = await post("list", { cik: 1009672, forms: ["10-K"], limit: 3 });
    expect(first.status).toBe(200);
    expect(first.body.company).toEqual({ cik: 1009672, name: "CARBO CERAMICS INC", tickers: [] });
    expect(first.body.filings).toHaveLength(3);
    expect(first.body.filings.every((f: { form: string }) => f.form === "10-K")).toBe(true);
    const carbo2017 = first.body.filings.find(
      (f: { accession_number: string }) => f.accession_number === "0001564590-18-004771",
    );
    expect(carbo2017).toEqual({
      cik: 1009672,
      company: "CARBO CERAMICS INC",
      form: "10-K",
      filed_at: "2018-03-08",
      period: "2017-12-31",
      accession_number: "0001564590-18-004771",
      primary_document: "crr-10k_20171231.htm",
    });
    expect(first.body.next_cursor).toEqual(expect.any(String));

    // Walk every 10-K: the listing reaches into CIK0001009672-submissions-001.json.
    const seen = [...first.body.filings];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const next = await post("list", { cik: 1009672, forms: ["10-K"], limit: 3, cursor });
      expect(next.status).toBe(200);
      seen.push(...next.body.filings);
      cursor = next.body.next_cursor;
    }
    expect(new Set(seen.map((f) => f.accession_number)).size).toBe(seen.length);
    const dates = seen.map((f) => f.filed_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(edgar.requests.some((r) => r.line.endsWith("CIK0001009672-submissions-001.json"))).toBe(true);
    expect(dates.at(-1)! < "2005-01-01").toBe(true);

    const period = await post("list", {
      cik: 1009672,
      forms: ["10-K"],
      period_from: "2015-01-01",
      period_to: "2016-12-31",
    });
    expect(period.body.filings.map((f: { period: string }) => f.period)).toEqual(["2016-12-31", "2015-12-31"]);
  });

  it("imports a 10-K into a Pod, named <TICKER> <FORM> <period>, with its filing kept on the file and pages to cite", async () => {
    const ws = await createWorkspace(app, alice.token);
    const res = await post("filing", { workspace_id: ws.id, cik: 1009672, accession_number: "0001564590-18-004771" });
    expect(res.status).toBe(202);
    // CARBO is delisted: no ticker, so its name stands in.
    expect(res.body.files).toEqual([{ id: expect.any(String), filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm" }]);
    expect(edgar.requests.map((r) => r.line)).toContain(
      "GET www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm",
    );

    const files = await app.request("GET", `/workspaces/${ws.id}/files`, { token: alice.token });
    expect(files.body.files[0]).toMatchObject({
      filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm",
      content_type: "text/html",
      byte_size: 3_043_884,
      status: "uploaded",
      source: {
        kind: "sec_edgar",
        company: "CARBO CERAMICS INC",
        cik: 1009672,
        ticker: null,
        form: "10-K",
        filed_at: "2018-03-08",
        period: "2017-12-31",
        accession_number: "0001564590-18-004771",
        source_url: "https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm",
      },
    });

    // The normal ingestion: the printed pages of the filing become the pages a citation points at.
    await drainQueue(app.deps);
    const found = await app.request("POST", `/workspaces/${ws.id}/search`, {
      token: alice.token,
      body: { query: "kaolin bauxite natural gas contracts" },
    });
    expect(found.status).toBe(200);
    const hit = found.body.results[0];
    expect(hit.file_id).toBe(res.body.files[0].id);
    // The 10-K has 63 page breaks: a hit on page 1 would mean the whole filing was one page.
    expect(hit.page).toBeGreaterThan(10);
    expect(hit.text).toMatch(/kaolin/i);

    // A question (search mode: no model here) cites a page of the filing, quoting its text.
    const thread = await app.request("POST", `/workspaces/${ws.id}/threads`, { token: alice.token, body: {} });
    const sse = await openSse(app, "POST", `/workspaces/${ws.id}/threads/${thread.body.id}/stream_qa`, {
      token: alice.token,
      body: { query: "Which raw materials such as kaolin and bauxite does CARBO buy under supply contracts?" },
    });
    const citations = ofType(await sse.done(), "citation");
    expect(citations.length).toBeGreaterThan(0);
    const cited = citations.find((c) => c.file_id === res.body.files[0].id)!;
    expect(cited.verified).toBe(true);
    expect(cited.page).toBeGreaterThan(1);
    const page = await app.deps.db.kysely
      .selectFrom("pages")
      .select("text")
      .where("version_id", "=", cited.version_id)
      .where("page", "=", cited.page)
      .executeTakeFirstOrThrow();
    expect(page.text.slice(cited.start!, cited.end!).toLowerCase()).toBe(cited.quote.toLowerCase());
  });

  it("names a listed company's filing by ticker (NVIDIA 8-K, found through its index page)", async () => {
    const ws = await createWorkspace(app, alice.token);
    const res = await post("filing", { workspace_id: ws.id, cik: 1045810, accession_number: "0001045810-26-000024" });
    expect(res.status).toBe(202);
    expect(res.body.files).toEqual([{ id: expect.any(String), filename: "NVDA 8-K 2026-03-02.htm" }]);
    // Importing it again answers the file it already has, not a second copy.
    const again = await post("filing", { workspace_id: ws.id, cik: 1045810, accession_number: "0001045810-26-000024" });
    expect(again.status).toBe(202);
    expect(again.body.files).toEqual(res.body.files);
    const listed = await app.request("GET", `/workspaces/${ws.id}/files`, { token: alice.token });
    expect(listed.body.files.map((f: { filename: string }) => f.filename)).toEqual(["NVDA 8-K 2026-03-02.htm"]);
  });

  it("with include_exhibits, imports the filing's exhibits from its index too, each named after its type", async () => {
    // The index lists nine .htm exhibits (and a GRAPHIC); their bodies were not recorded: stand-ins.
    const folder = "www.sec.gov/Archives/edgar/data/1009672/000156459018004771";
    const exhibits: [string, string][] = [
      ["EX-10.16", "crr-ex1016_258.htm"],
      ["EX-10.17", "crr-ex1017_257.htm"],
      ["EX-10.18", "crr-ex1018_256.htm"],
      ["EX-21", "crr-ex21_12.htm"],
      ["EX-23", "crr-ex23_6.htm"],
      ["EX-31.1", "crr-ex311_7.htm"],
      ["EX-31.2", "crr-ex312_10.htm"],
      ["EX-32", "crr-ex32_9.htm"],
      ["EX-95", "crr-ex95_11.htm"],
    ];
    for (const [type, name] of exhibits)
      edgar.standIn(`${folder}/${name}`, {
        contentType: "text/html",
        body: `<html><body><p>Stand-in for ${type} of CARBO's 2017 10-K.</p></body></html>`,
      });
    const ws = await createWorkspace(app, alice.token);
    const body = { workspace_id: ws.id, cik: 1009672, accession_number: "0001564590-18-004771" };
    const res = await post("filing", { ...body, include_exhibits: true });
    expect(res.status).toBe(202);
    expect(res.body.files.map((f: { filename: string }) => f.filename)).toEqual([
      "CARBO CERAMICS INC 10-K 2017-12-31.htm",
      ...exhibits.map(([type]) => `CARBO CERAMICS INC 10-K 2017-12-31 ${type}.htm`),
    ]);
    // Not the picture: only documents a reader cites.
    expect(edgar.requests.some((r) => r.line.endsWith(".jpg"))).toBe(false);
    const files = await app.request("GET", `/workspaces/${ws.id}/files`, { token: alice.token });
    const ex21 = files.body.files.find((f: { filename: string }) => f.filename.endsWith(" EX-21.htm"));
    expect(ex21.source).toMatchObject({
      form: "10-K",
      accession_number: "0001564590-18-004771",
      source_url: "https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-ex21_12.htm",
    });
    // Without exhibits, the same filing answers the primary document it already has.
    const again = await post("filing", body);
    expect(again.body.files).toEqual([res.body.files[0]]);
  });

  it("the worker's sweeps delete EDGAR answers whose cache entry expired, and keep the others", async () => {
    const db = app.deps.db.kysely;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await db
      .insertInto("edgar_cache")
      .values([
        { url: "https://sweep.test/expired", body: "{}", fetched_at: at(-120_000), expires_at: at(-60_000) },
        { url: "https://sweep.test/fresh", body: "{}", fetched_at: at(-1_000), expires_at: at(3_600_000) },
      ])
      .execute();
    await sweep(app.deps);
    const left = await db
      .selectFrom("edgar_cache")
      .select("url")
      .where("url", "like", "https://sweep.test/%")
      .execute();
    expect(left.map((r) => r.url)).toEqual(["https://sweep.test/fresh"]);
  });

  it("answers bad input with 4xx and a stable code, never 500", async () => {
    const ws = await createWorkspace(app, alice.token);
    const cases: [string, unknown, number, string][] = [
      ["search", {}, 400, "validation_failed"],
      ["search", { query: "  " }, 400, "validation_failed"],
      ["search", { query: "x", date_from: "yesterday" }, 400, "validation_failed"],
      ["search", { query: "x", forms: ["<script>"] }, 400, "validation_failed"],
      ["list", { cik: "320193" }, 400, "validation_failed"],
      ["list", { cik: 1.5 }, 400, "validation_failed"],
      ["list", { cik: -1 }, 400, "validation_failed"],
      ["list", { cik: 99_999_999_999 }, 400, "validation_failed"],
      ["list", { cik: 320193, limit: 0 }, 400, "validation_failed"],
      ["list", { cik: 1009672, cursor: "not-a-cursor" }, 400, "validation_failed"],
      ["list", { cik: 999_999_999 }, 404, "edgar/not-found"],
      ["filing", { workspace_id: ws.id, cik: 1009672, accession_number: "123" }, 400, "validation_failed"],
      ["filing", { workspace_id: ws.id, accession_number: "0001564590-18-004771" }, 400, "validation_failed"],
      ["filing", { workspace_id: "nope", cik: 1009672, accession_number: "0001564590-18-004771" }, 404, "not_found"],
    ];
    for (const [path, body, status, code] of cases) {
      const res = await post(path, body);
      expect({ path, body, status: res.status, code: res.body.error?.code }).toEqual({ path, body, status, code });
    }
  });

  it("retries the SEC's throttle page, then says plainly that EDGAR is throttling", async () => {
    // Two throttled answers, then the real one: the retries get through.
    edgar.throttleNext(2);
    const ok = await post("list", { cik: 1318605, forms: ["10-K"], limit: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.company.name).toBe("Tesla, Inc.");

    edgar.throttleNext(100);
    const refused = await post("list", { cik: 789019 });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe("edgar/throttled");
    expect(refused.body.error.message).toMatch(/10 requests per second/);
    edgar.throttleNext(0);
  });

  // A second API process starts inside the test (tsx compiles the backend for it), then 24 requests
  // are paced at 8 a second: the default 30 s ran out once on a 2-core CI machine at load average 10.
  it("holds 10 requests per second for the whole deployment, across two processes", { timeout: 90_000 }, async () => {
    const child = await startApiProcess(app, { ...edgar.env, EDGAR_USER_AGENT: `Second process ${UA}` });
    try {
      const from = edgar.requests.length;
      const throttledBefore = edgar.throttled.length;
      const started = Date.now();
      // Unknown CIKs: nothing is cached, every call is one request to the SEC.
      const calls = Array.from({ length: 24 }, (_, i) =>
        i % 2
          ? post("list", { cik: 900_000_000 + i })
          : fetch(`${child.url}/public_data/edgar/list`, {
              method: "POST",
              headers: { authorization: `Bearer ${alice.token}`, "content-type": "application/json" },
              body: JSON.stringify({ cik: 900_000_000 + i }),
            }).then(async (r) => ({ status: r.status, body: await r.json() })),
      );
      const results = await Promise.all(calls);
      expect(results.map((r) => r.status)).toEqual(Array(24).fill(404));
      const mine = edgar.requests.slice(from);
      expect(mine).toHaveLength(24);
      expect(new Set(mine.map((r) => r.userAgent)).size).toBe(2);
      expect(edgar.throttled.slice(throttledBefore)).toEqual([]);
      expect(edgar.peakPerSecond()).toBeLessThanOrEqual(10);
      // 24 requests, one slot per 125 ms, take at least 2.5 s however they are spread.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    } finally {
      await child.kill();
    }
  });
});

// Skipped only when the recorded SEC EDGAR responses are absent (SHARED_DATA_DIR/edgar): the local
// fake replays them, and tests cannot reach the real EDGAR.
describe.skipIf(!hasEdgarData)("SEC EDGAR without a User-Agent", () => {
  let edgar: FakeEdgar;
  let app: TestApp;
  beforeAll(async () => {
    edgar = await startFakeEdgar();
    app = await createTestApp({ ...edgar.env });
  });
  afterAll(async () => {
    await app?.close();
    await edgar?.close();
  });

  it("refuses to call the SEC and tells the admin which variable to set", async () => {
    const user = await createUser(app);
    const res = await app.request("POST", "/public_data/edgar/search", { token: user.token, body: { query: "AAPL" } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("edgar/not-configured");
    expect(res.body.error.message).toMatch(/EDGAR_USER_AGENT/);
    expect(edgar.requests).toEqual([]);
  });
});
