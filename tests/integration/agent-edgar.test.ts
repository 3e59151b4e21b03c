import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupAgent, toolResults, type AgentSetup } from "../helpers/agent.ts";
import { hasEdgarData, startFakeEdgar, type FakeEdgar } from "../helpers/fake-edgar.ts";
import { ofType, textOf } from "../helpers/sse.ts";

// Skipped only when the recorded SEC EDGAR responses are absent (SHARED_DATA_DIR/edgar): the local
// fake replays them, and tests cannot reach the real EDGAR.
/** edgar_search in the agent's loop, against the local SEC EDGAR, with the fake model. */
describe.skipIf(!hasEdgarData)("edgar_search", () => {
  let edgar: FakeEdgar;
  let s: AgentSetup;
  beforeAll(async () => {
    edgar = await startFakeEdgar();
    s = await setupAgent({ ...edgar.env, EDGAR_USER_AGENT: "Agent tests agent-tests@example.com" });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await edgar?.close();
  });

  it("finds a company, then lists its 10-Ks; an unknown CIK is an error result the model can explain", async () => {
    s.fake.script(
      { toolCalls: [{ name: "edgar_search", args: { query: "MSFT" } }] },
      (body) => {
        expect(body.tools?.map((t: { function: { name: string } }) => t.function.name)).toContain("edgar_search");
        const cik = toolResults(body)[0].companies[0].cik;
        return { toolCalls: [{ name: "edgar_search", args: { cik, forms: ["10-K"], limit: 3 } }] };
      },
      { toolCalls: [{ name: "edgar_search", args: { cik: 999_999_998 } }] },
      { text: "Microsoft's last three 10-Ks are listed." },
    );
    const events = await (await s.ask(await s.newThread(), { query: "Which 10-Ks has Microsoft filed?" })).done();
    const [company, filings, unknown] = ofType(events, "tool_result");
    expect(company).toMatchObject({ name: "edgar_search", is_error: false });
    expect((company!.result as { companies: unknown[] }).companies[0]).toEqual({
      cik: 789019,
      ticker: "MSFT",
      name: "MICROSOFT CORP",
    });
    const listed = filings!.result as { company: { name: string }; filings: { form: string; period: string }[] };
    expect(listed.company.name).toBe("MICROSOFT CORP");
    expect(listed.filings).toHaveLength(3);
    expect(listed.filings.every((f) => f.form === "10-K")).toBe(true);
    expect(unknown).toMatchObject({ name: "edgar_search", is_error: true });
    expect(JSON.stringify(unknown!.result)).toContain("No company or person with CIK 999999998");
    expect(textOf(events)).toBe("Microsoft's last three 10-Ks are listed.");
  });
});
