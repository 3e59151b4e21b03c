import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { setupAgent, toolResults, type AgentSetup } from "../helpers/agent.ts";
import { uploadFile } from "../helpers/files.ts";
import { ofType, textOf } from "../helpers/sse.ts";
import * as threadsApi from "../../contracts/threads.ts";

/**
 * The code tools in the agent's loop, with the fake OpenAI-compatible model: a real CSV and an
 * .xlsx made here, ingested through the real pipeline, queried with run_sql and computed on with
 * run_js; citations still verified against the pages the model read.
 */
const CSV = "Region,Quarter,Revenue\nNorth,Q1,120.5\nSouth,Q1,80\nNorth,Q2,130\nSouth,Q2,95.25\n";

async function headcountXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Teams");
  ws.addRows([
    ["Team", "People", "Since"],
    ["Sales", 12, new Date(Date.UTC(2020, 0, 15))],
    ["Engineering", 30, new Date(Date.UTC(2018, 5, 1))],
  ]);
  ws.getColumn(3).numFmt = "yyyy-mm-dd";
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let s: AgentSetup;
let csvId: string;
beforeAll(async () => {
  s = await setupAgent();
  csvId = (
    await uploadFile(s.app, s.alice.token, s.ws.id, {
      filename: "regional-sales.csv",
      bytes: Buffer.from(CSV),
      contentType: "text/csv",
    })
  ).id;
  await uploadFile(s.app, s.alice.token, s.ws.id, {
    filename: "Headcount.xlsx",
    bytes: await headcountXlsx(),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
  await drainQueue(s.app.deps);
}, 120_000);
afterAll(() => s?.close());

describe("run_sql and run_js in the tool loop", () => {
  it("search -> read pages -> run_sql -> an answer with a verified and a fabricated citation", async () => {
    const { fake, app } = s;
    let n = 0;
    fake.script(
      { toolCalls: [{ name: "search_documents", args: { query: "North revenue" } }] },
      (body) => {
        expect(toolResults(body)[0].results.map((r: { file_id: string }) => r.file_id)).toContain(csvId);
        return { toolCalls: [{ name: "read_pages", args: { file_id: csvId, pages: [1] } }] };
      },
      (body) => {
        n = toolResults(body).at(-1).pages[0].n;
        return {
          toolCalls: [
            {
              name: "run_sql",
              args: {
                sql: "SELECT region, sum(revenue) AS revenue, count(*) AS quarters FROM regional_sales GROUP BY region ORDER BY region",
              },
            },
          ],
        };
      },
      (body) => {
        const rows = toolResults(body).at(-1).rows as [string, number, number][];
        const north = rows.find((r) => r[0] === "North")![1];
        return {
          text: [
            `North's revenue was ${north} `,
            `[${n}: "North | Q1 | 120.5"]`,
            " and it grew to 999 ",
            `[${n}: "North revenue reached 999"]`,
            ".",
          ],
        };
      },
    );
    const tid = await s.newThread();
    const events = await (await s.ask(tid, { query: "What was North's total revenue?" })).done();
    const types = events.map((e) => e.data.type);
    expect(types.filter((t, i) => t !== types[i - 1])).toEqual([
      "message_started",
      "tool_call",
      "tool_result",
      "usage",
      "tool_call",
      "tool_result",
      "usage",
      "tool_call",
      "tool_result",
      "usage",
      "text_delta",
      "citation",
      "text_delta",
      "citation",
      "text_delta",
      "usage",
      "done",
    ]);
    const calls = ofType(events, "tool_call");
    expect(calls.map((c) => c.name)).toEqual(["search_documents", "read_pages", "run_sql"]);
    const results = ofType(events, "tool_result");
    expect(results.map((r) => r.is_error)).toEqual([false, false, false]);
    expect(results[2]!.result).toEqual({
      columns: [
        { name: "region", type: "VARCHAR" },
        { name: "revenue", type: "DOUBLE" },
        { name: "quarters", type: "BIGINT" },
      ],
      rows: [
        ["North", 250.5, 2],
        ["South", 175.25, 2],
      ],
      row_count: 2,
      truncated: false,
    });

    const [real, fabricated] = ofType(events, "citation");
    expect(real).toMatchObject({
      file_id: csvId,
      filename: "regional-sales.csv",
      page: 1,
      quote: "North | Q1 | 120.5",
      verified: true,
    });
    expect(fabricated).toMatchObject({
      file_id: csvId,
      quote: "North revenue reached 999",
      verified: false,
      start: null,
      end: null,
    });
    const text = textOf(events);
    expect(text).toBe(`North's revenue was 250.5 [${real!.n}] and it grew to 999 [${fabricated!.n}].`);
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });

    // What the model was offered, and what was stored.
    expect(
      fake.requests
        .at(-4)!
        .body.tools?.map((t: { function: { name: string } }) => t.function.name)
        .sort(),
    ).toEqual([
      "read_pages",
      "read_workbook",
      "run_js",
      "run_sql",
      "search_documents",
      "trace_formula",
      "write_workbook",
    ]);
    const id = (events[0]!.data as { message_id: string }).message_id;
    const listed = await app.api(threadsApi.listMessages, {
      params: { id: s.ws.id, tid },
      query: {},
      token: s.alice.token,
    });
    const answer = listed.body.messages.find((m: { id: string }) => m.id === id);
    expect(answer).toMatchObject({ status: "complete", content: text });
    expect(answer!.citations.map((c: { quote: string; verified: boolean }) => [c.quote, c.verified])).toEqual([
      ["North | Q1 | 120.5", true],
      ["North revenue reached 999", false],
    ]);
    expect(fake.unexpected).toEqual([]);
  });

  it("queries a workbook's sheet, then computes on the rows with run_js", async () => {
    s.fake.script(
      {
        toolCalls: [
          { name: "run_sql", args: { sql: "SELECT team, people, since FROM headcount__teams ORDER BY people DESC" } },
        ],
      },
      (body) => {
        const rows = toolResults(body).at(-1).rows;
        return {
          toolCalls: [
            {
              name: "run_js",
              args: {
                code: "console.log(data.length + ' teams'); const total = data.reduce((s, r) => s + r[1], 0); ({ total, share: Math.round((data[0][1] / total) * 1000) / 10 })",
                data: rows,
              },
            },
          ],
        };
      },
      { text: "Engineering is 71.4% of 42 people." },
    );
    const events = await (await s.ask(await s.newThread(), { query: "How are people split across teams?" })).done();
    const [sql, js] = ofType(events, "tool_result");
    expect(sql).toMatchObject({
      name: "run_sql",
      is_error: false,
      result: {
        rows: [
          ["Engineering", 30, "2018-06-01"],
          ["Sales", 12, "2020-01-15"],
        ],
        row_count: 2,
      },
    });
    expect((sql!.result as { columns: { type: string }[] }).columns.map((c) => c.type)).toEqual([
      "VARCHAR",
      "BIGINT",
      "DATE",
    ]);
    expect(js).toMatchObject({
      name: "run_js",
      is_error: false,
      result: { result: { total: 42, share: 71.4 }, logs: ["2 teams"] },
    });
    expect(textOf(events)).toBe("Engineering is 71.4% of 42 people.");
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });
  });

  it("a question limited to some files sees only their tables", async () => {
    s.fake.script({ toolCalls: [{ name: "run_sql", args: { sql: "SHOW TABLES" } }] }, { text: "One table." });
    const events = await (await s.ask(await s.newThread(), { query: "Which tables?", file_ids: [csvId] })).done();
    expect(ofType(events, "tool_result")[0]).toMatchObject({
      name: "run_sql",
      is_error: false,
      result: { rows: [["regional_sales"]] },
    });
  });

  it("an invalid or forbidden query is an error result listing the tables; the answer still completes", async () => {
    s.fake.script(
      { toolCalls: [{ name: "run_sql", args: { sql: "SELECT nope FROM regional_sales" } }] },
      { toolCalls: [{ name: "run_sql", args: { sql: "SELECT * FROM read_csv('/etc/passwd')" } }] },
      { toolCalls: [{ name: "run_js", args: { code: "while (true) {}" } }] },
      { text: "I could not compute it." },
    );
    const events = await (await s.ask(await s.newThread(), { query: "Total?" })).done();
    const [bad, hostile, loop] = ofType(events, "tool_result");
    expect(bad).toMatchObject({ name: "run_sql", is_error: true });
    const message = (bad!.result as { error: string }).error;
    expect(message).toContain("nope");
    expect(message).toContain(
      "- regional_sales(region VARCHAR, quarter VARCHAR, revenue DOUBLE): 4 rows from regional-sales.csv",
    );
    expect(message).toContain(
      '- headcount__teams(team VARCHAR, people BIGINT, since DATE): 2 rows from Headcount.xlsx, sheet "Teams"',
    );
    expect(hostile).toMatchObject({ name: "run_sql", is_error: true });
    expect(JSON.stringify(hostile!.result)).toContain("disabled by configuration");
    expect(loop).toMatchObject({ name: "run_js", is_error: true });
    expect(JSON.stringify(loop!.result)).toMatch(/time limit|ran longer/);
    expect(textOf(events)).toBe("I could not compute it.");
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });
  });
});
