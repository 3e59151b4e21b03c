import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateWorkbook } from "../../backend/workbooks/evaluate.ts";
import { loadWorkbook } from "../../backend/workbooks/load-workbook.ts";
import { setupAgent, toolResults, type AgentSetup } from "../helpers/agent.ts";
import { getBytes, readZip, uploadFile } from "../helpers/files.ts";
import { ofType, openSse } from "../helpers/sse.ts";
import * as threadFilesApi from "../../contracts/thread-files.ts";

/**
 * The spreadsheet tools through the agent, with the fake model calling them: trace_formula on a
 * real cross-sheet workbook, write_workbook creating a thread file (event, download, live formulas
 * whose cached values our evaluator reproduces), then editing it into version 2 and the diff API.
 */
const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const crossSheet = join(dataDir, "xlsx/xlcalculator_cross_sheet.xlsx");
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let s: AgentSetup;
beforeAll(async () => {
  s = await setupAgent();
}, 120_000);
afterAll(() => s?.close());

/** Asks once with the model scripted to call one tool, then answer; returns the stream's events. */
async function askWithTool(tid: string, name: string, args: unknown) {
  s.fake.script({ toolCalls: [{ name, args }] }, { text: "Done." });
  const sse = await s.ask(tid, { query: `Please use ${name}.` });
  expect(sse.status).toBe(200);
  const events = await sse.done();
  const [result] = ofType(events, "tool_result");
  expect(result, JSON.stringify(events.map((e) => e.data))).toBeDefined();
  expect(result!.is_error, JSON.stringify(result!.result)).toBe(false);
  return {
    events,
    result: result!.result as Record<string, unknown>,
    answerId: (events[0]!.data as { message_id: string }).message_id,
  };
}

describe("trace_formula", () => {
  it.skipIf(!existsSync(crossSheet))(
    `follows Sheet1!C5 of xlcalculator_cross_sheet.xlsx across both sheets down to its inputs${existsSync(crossSheet) ? "" : ` (skipped: ${crossSheet} is absent; set SHARED_DATA_DIR)`}`,
    async () => {
      const file = await uploadFile(s.app, s.alice.token, s.ws.id, {
        filename: "cross_sheet.xlsx",
        bytes: readFileSync(crossSheet),
        contentType: XLSX,
      });
      const tid = await s.newThread();
      const { result } = await askWithTool(tid, "trace_formula", { file_id: file.id, cell: "Sheet1!C5" });
      const trace = result as {
        root: string;
        nodes: { ref: string; kind: string; value: unknown }[];
        edges: { from: string; to: string }[];
        truncated: object;
      };
      expect(trace.root).toBe("Sheet1!C5");
      expect(trace.edges.map((e) => `${e.from} -> ${e.to}`).sort()).toEqual(
        [
          "Sheet1!C4 -> Sheet1!C5",
          "Sheet2!C3 -> Sheet1!C5",
          "Sheet2!C2 -> Sheet1!C4",
          "Sheet1!C2 -> Sheet1!C4",
          "Sheet2!C2 -> Sheet2!C3",
          "Sheet2!C1 -> Sheet2!C2",
          "Sheet1!B5 -> Sheet2!C1",
          "Sheet1!B4 -> Sheet1!B5",
          "Sheet2!B3 -> Sheet1!B5",
          "Sheet2!B2 -> Sheet1!B4",
          "Sheet1!B2 -> Sheet1!B4",
          "Sheet2!B2 -> Sheet2!B3",
          "Sheet2!B1 -> Sheet2!B2",
          "Sheet1!A5 -> Sheet2!B1",
          "Sheet1!A4 -> Sheet1!A5",
          "Sheet2!A3 -> Sheet1!A5",
          "Sheet2!A2 -> Sheet1!A4",
          "Sheet1!A2 -> Sheet1!A4",
        ].sort(),
      );
      expect(trace.nodes.map((n) => n.ref).sort()).toEqual(
        [
          "Sheet1!C5",
          "Sheet1!C4",
          "Sheet2!C3",
          "Sheet2!C2",
          "Sheet1!C2",
          "Sheet2!C1",
          "Sheet1!B5",
          "Sheet1!B4",
          "Sheet2!B3",
          "Sheet2!B2",
          "Sheet1!B2",
          "Sheet2!B1",
          "Sheet1!A5",
          "Sheet1!A4",
          "Sheet2!A3",
          "Sheet2!A2",
          "Sheet1!A2",
        ].sort(),
      );
      expect(
        trace.nodes
          .filter((n) => n.kind === "input")
          .map((n) => `${n.ref}=${n.value}`)
          .sort(),
      ).toEqual(["Sheet1!A2=1", "Sheet1!B2=1", "Sheet1!C2=1", "Sheet2!A2=1", "Sheet2!A3=2"]);
      expect(trace.truncated).toEqual({ depth: false, nodes: false, ranges: false });
      // The model was handed the same graph.
      expect(toolResults(s.fake.requests.at(-1)!.body)[0].root).toBe("Sheet1!C5");
    },
  );
});

describe("write_workbook", () => {
  let tid: string;
  let v1: { file_id: string; version_id: string };

  const SPEC = {
    sheets: [
      {
        name: "Model",
        columns: [{ width: 14 }, { width: 12 }, { width: 12 }],
        rows: [
          [
            { value: "Metric", bold: true },
            { value: "FY2023", bold: true },
            { value: "FY2024", bold: true },
          ],
          [
            "Revenue",
            { value: 100, numFmt: "#,##0", source: { file_id: "f-acme", page: 1, quote: "Net sales rose" } },
            { value: 120, numFmt: "#,##0" },
          ],
          ["Costs", 60, 70],
          ["Profit", "=B2-B3", "=C2-C3"],
          ["Margin", { formula: "B4/B2", numFmt: "0.0%" }, { formula: "C4/C2", numFmt: "0.0%" }],
        ],
      },
    ],
  };

  it("creates workbook.xlsx as a thread file: file_version_created, downloadable, formulas live, cached values our evaluator reproduces", async () => {
    tid = await s.newThread();
    const { events, result, answerId } = await askWithTool(tid, "write_workbook", { spec: SPEC });
    const created = ofType(events, "file_version_created");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      filename: "workbook.xlsx",
      file_id: result.file_id,
      version_id: result.version_id,
    });
    // Between the call that wrote it and the call's result.
    const types = events.map((e) => e.data.type);
    expect(types.indexOf("tool_call")).toBeLessThan(types.indexOf("file_version_created"));
    expect(types.indexOf("file_version_created")).toBeLessThan(types.indexOf("tool_result"));
    expect(result).toMatchObject({ filename: "workbook.xlsx", version: 1, errors: [], notComputed: [] });
    expect(result.values).toEqual({ "Model!B4": 40, "Model!C4": 50, "Model!B5": 0.4, "Model!C5": 50 / 120 });
    v1 = { file_id: result.file_id as string, version_id: result.version_id as string };
    // Stored with the answer: a refresh (or a replay) sees the same event.
    const followed = await (
      await openSse(s.app, "GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${answerId}/stream?after=-1`, {
        token: s.alice.token,
      })
    ).done();
    expect(ofType(followed, "file_version_created")).toEqual(created);

    const meta = await s.app.api(threadFilesApi.getThreadFileVersion, {
      params: { id: s.ws.id, tid, version_id: v1.version_id },
      query: {},
      token: s.alice.token,
    });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      filename: "workbook.xlsx",
      message_id: answerId,
      number: 1,
      is_latest: true,
      content_type: XLSX,
    });
    const download = await getBytes(s.app, meta.body.download_url);
    expect(download.status).toBe(200);

    // exceljs (an Excel-compatible reader) sees live formulas with cached results...
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.bytes as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet("Model")!;
    const formulas: Record<string, { formula: string; result: unknown }> = {};
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as { formula?: string; result?: unknown } | null;
        if (v && typeof v === "object" && "formula" in v)
          formulas[cell.address] = { formula: v.formula!, result: v.result };
      }),
    );
    expect(Object.fromEntries(Object.entries(formulas).map(([a, f]) => [a, f.formula]))).toEqual({
      B4: "B2-B3",
      C4: "C2-C3",
      B5: "B4/B2",
      C5: "C4/C2",
    });
    expect(sheet.getCell("B5").numFmt).toBe("0.0%");
    expect(String(sheet.getCell("B2").note)).toContain("Source: file f-acme, page 1");
    const workbookXml = readZip(download.bytes)
      .find((e) => e.name === "xl/workbook.xml")!
      .data.toString("utf8");
    expect(workbookXml).toMatch(/<calcPr[^>]*fullCalcOnLoad="1"/);
    // ...and recomputing every formula from the inputs gives exactly those cached results.
    const recomputed = evaluateWorkbook(await loadWorkbook(new Uint8Array(download.bytes))).values;
    expect(recomputed).toEqual(Object.fromEntries(Object.entries(formulas).map(([a, f]) => [`Model!${a}`, f.result])));
  });

  it("a second write_workbook editing it makes version 2; the diff lists exactly the changed cells", async () => {
    const edit = {
      sheets: [
        {
          name: "Model",
          cells: [
            { ref: "C3", value: 80 },
            { ref: "B5", formula: "ROUND(B4/B2,2)", numFmt: "0.0%" },
          ],
        },
      ],
    };
    const { events, result, answerId } = await askWithTool(tid, "write_workbook", {
      version_id: v1.version_id,
      spec: edit,
    });
    expect(ofType(events, "file_version_created")).toEqual([
      expect.objectContaining({ file_id: v1.file_id, filename: "workbook.xlsx", version_id: result.version_id }),
    ]);
    expect(result).toMatchObject({ file_id: v1.file_id, version: 2 });

    const list = await s.app.api(threadFilesApi.listThreadFiles, {
      params: { id: s.ws.id, tid },
      token: s.alice.token,
    });
    expect(list.body.files).toHaveLength(1);
    expect(
      list.body.files[0].versions.map((v: { number: number; message_id: string | null; is_latest: boolean }) => [
        v.number,
        v.message_id === answerId,
        v.is_latest,
      ]),
    ).toEqual([
      [2, true, true],
      [1, false, false],
    ]);

    const diff = await s.app.api(threadFilesApi.diffThreadFile, {
      params: { id: s.ws.id, tid, fid: v1.file_id },
      query: { from: v1.version_id, to: result.version_id as string },
      token: s.alice.token,
    });
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect(diff.body).toEqual({
      kind: "workbook",
      file_id: v1.file_id,
      from: v1.version_id,
      to: result.version_id,
      sheets_added: [],
      sheets_removed: [],
      changes: [
        {
          sheet: "Model",
          cell: "C3",
          before_cell: null,
          before: { value: 70, formula: null },
          after: { value: 80, formula: null },
          kind: "value",
        },
        {
          sheet: "Model",
          cell: "C4",
          before_cell: null,
          before: { value: 50, formula: "C2-C3" },
          after: { value: 40, formula: "C2-C3" },
          kind: "value",
        },
        {
          sheet: "Model",
          cell: "B5",
          before_cell: null,
          before: { value: 0.4, formula: "B4/B2" },
          after: { value: 0.4, formula: "ROUND(B4/B2,2)" },
          kind: "formula",
        },
        {
          sheet: "Model",
          cell: "C5",
          before_cell: null,
          before: { value: 50 / 120, formula: "C4/C2" },
          after: { value: 40 / 120, formula: "C4/C2" },
          kind: "value",
        },
      ],
      rows: [],
      truncated: false,
    });
  });

  it("read_workbook reads a thread file version back; a bad spec is the tool's error, not the answer's", async () => {
    const { result } = await askWithTool(tid, "read_workbook", { version_id: v1.version_id, range: "Model!A4:C5" });
    expect(result).toMatchObject({ source: "thread", file_id: v1.file_id, filename: "workbook.xlsx" });
    const cells = (result.sheets as { cells: { ref: string; formula?: string }[] }[])[0]!.cells;
    expect(cells.map((c) => [c.ref, c.formula ?? null])).toEqual([
      ["A4", null],
      ["B4", "B2-B3"],
      ["C4", "C2-C3"],
      ["A5", null],
      ["B5", "B4/B2"],
      ["C5", "C4/C2"],
    ]);

    s.fake.script(
      {
        toolCalls: [
          {
            name: "write_workbook",
            args: { spec: { sheets: [{ name: "S", cells: [{ ref: "A1", formula: "SUM(Nope!A1:A2)" }] }] } },
          },
        ],
      },
      { text: "Sorry." },
    );
    const events = await (await s.ask(tid, { query: "Write a broken one." })).done();
    const [res] = ofType(events, "tool_result");
    expect(res).toMatchObject({ name: "write_workbook", is_error: true });
    expect(JSON.stringify(res!.result)).toContain("workbook/invalid-spec");
    expect(ofType(events, "file_version_created")).toEqual([]);
    expect(ofType(events, "done")[0]).toMatchObject({ status: "complete" });
  });
});
