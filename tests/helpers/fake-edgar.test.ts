import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertNoUnexpected } from "./fake-guard.ts";
import { hasEdgarData, startFakeEdgar, type FakeEdgar } from "./fake-edgar.ts";

// Skipped only when the recorded SEC EDGAR responses are absent (SHARED_DATA_DIR/edgar): the local
// fake replays them, and tests cannot reach the real EDGAR.
/** The local SEC EDGAR enforces what the SEC does, and fails a test on what it has no recording of. */
describe.skipIf(!hasEdgarData)("fake EDGAR", () => {
  let edgar: FakeEdgar;
  beforeAll(async () => {
    edgar = await startFakeEdgar({ allowThrottle: true });
  });
  afterAll(() => edgar?.close());
  const get = (path: string, userAgent = "Fake tests fake-tests@example.com") =>
    fetch(`${edgar.url}${path}`, { headers: { "user-agent": userAgent } });

  it("serves a recording by URL with its recorded headers", async () => {
    const res = await get("/data.sec.gov/submissions/CIK0000320193.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(((await res.json()) as { name: string }).name).toBe("Apple Inc.");
  });

  it("answers an unknown CIK with S3's NoSuchKey naming the key, as data.sec.gov does", async () => {
    const res = await get("/data.sec.gov/submissions/CIK0000000042.json");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(
      "<Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>submissions/CIK0000000042.json</Key>",
    );
  });

  it("refuses an undeclared User-Agent with 403 and reports it", async () => {
    const res = await get("/www.sec.gov/files/company_tickers.json", "node");
    expect(res.status).toBe(403);
    expect(assertNoUnexpected).toThrow(
      /fake-edgar: GET www.sec.gov\/files\/company_tickers.json -> undeclared User-Agent "node"/,
    );
  });

  it("reports a URL it has no recording for", async () => {
    expect((await get("/www.sec.gov/Archives/edgar/data/1/2/none.htm")).status).toBe(500);
    expect(assertNoUnexpected).toThrow(/nothing recorded/);
  });

  it("answers the 11th request within a second with the SEC's throttle page", async () => {
    await new Promise((r) => setTimeout(r, 1_000));
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await get("/data.sec.gov/submissions/CIK0000350001.json")).status);
    expect(statuses).toEqual([...Array(10).fill(200), 403]);
    const throttled = await get("/data.sec.gov/submissions/CIK0000350001.json");
    expect(throttled.status).toBe(403);
    expect(await throttled.text()).toContain("Request Rate Threshold Exceeded");
    expect(edgar.peakPerSecond()).toBeGreaterThan(10);
  });
});
