import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import type { FakeOpenAI } from "../../tests/helpers/fake-openai.ts";
import {
  ask,
  beat,
  DATA_DIR,
  dataFile,
  newPod,
  newThread,
  scriptWorkbook,
  spotlight,
  threadFiles,
  uploadAndIndex,
} from "./media-journeys.ts";

/** What a scene leaves behind: videos (with a poster each) and stills, by name. */
export interface SceneOutput {
  video(name: string, page: Page, run: () => Promise<void>): Promise<void>;
  still(name: string, page: Page): Promise<void>;
}

export const VIEWPORT = { width: 1280, height: 800 };

export async function scenePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, acceptDownloads: true });
  // A busy machine indexes and answers slowly; the film only keeps what happens on screen.
  context.setDefaultTimeout(120_000);
  return context.newPage();
}

/**
 * Search mode (no model): a Pod of three real 10-Ks and a scanned receipt, a question across the
 * filings answered from their passages, then a citation opened at its page with the quote marked.
 */
export async function filingsScene(page: Page, url: string, out: SceneOutput): Promise<void> {
  await newPod(page, url, "Software & retail filings", "maya@example.com");
  await uploadAndIndex(page, [
    dataFile("financebench/pdfs/ADOBE_2022_10K.pdf", "Adobe 2022 10-K.pdf"),
    dataFile("financebench/pdfs/AMAZON_2017_10K.pdf", "Amazon 2017 10-K.pdf"),
    dataFile("financebench/pdfs/BESTBUY_2023_10K.pdf", "Best Buy 2023 10-K.pdf"),
    dataFile("receipts_sroie/img/000.jpg", "Receipt (scan).jpg", "image/jpeg"),
  ]);
  await out.still("pod-files", page);
  await newThread(page);
  let answer = page.getByRole("article", { name: "Answer" }).last();
  await out.video("pod-search", page, async () => {
    await beat(page, 600);
    answer = await ask(page, "How much subscription revenue did Adobe report for fiscal 2022?");
    await beat(page, 2000);
  });
  await out.still("pod-answer", page);
  const chip = answer.locator(".answer-markdown button[data-citation]").first();
  await out.video("citation-page", page, async () => {
    await chip.hover();
    await beat(page, 1600);
    await chip.click();
    const viewer = page.getByTestId("file-viewer");
    await viewer.getByRole("img", { name: /^Page \d+$/ }).waitFor();
    const mark = viewer.locator(".textLayer mark.pdf-quote").first();
    await mark.waitFor({ timeout: 60_000 }).then(
      () => mark.scrollIntoViewIfNeeded(),
      () => console.warn("citation-page: the quote was not highlighted within a minute; filmed the page as it is"),
    );
    await beat(page, 3000);
  });
}

const MODEL = {
  name: "Revenue",
  columns: [{ width: 26 }, { width: 12 }, { width: 12 }, { width: 10 }, { width: 12 }],
  rows: [
    [{ value: "Adobe, USD millions", bold: true }, "FY2021", "FY2022", "Growth"],
    [
      "Subscription",
      14573,
      { value: 16388, comment: "Adobe 2022 10-K, Results of Operations: subscription revenue $16,388 million" },
      "=C2/B2-1",
    ],
    ["Product", 555, { value: 532, comment: "Adobe 2022 10-K: product revenue $532 million" }, "=C3/B3-1"],
    [
      "Services and other",
      657,
      { value: 686, comment: "Adobe 2022 10-K: services and other revenue $686 million" },
      "=C4/B4-1",
    ],
    [{ value: "Total revenue", bold: true }, "=SUM(B2:B4)", "=SUM(C2:C4)", "=C5/B5-1"],
  ],
  cells: ["D2", "D3", "D4", "D5"].map((ref) => ({
    ref,
    formula: `${ref.replace("D", "C")}/${ref.replace("D", "B")}-1`,
    numFmt: "0.0%",
  })),
};

/**
 * With the (scripted) model: it builds a revenue table from the Adobe 10-K's figures, then extends
 * it with a forecast; version 2 is compared with version 1, and a total is traced to its inputs.
 */
export async function workbookScene(page: Page, url: string, llm: FakeOpenAI, out: SceneOutput): Promise<void> {
  await newPod(page, url, "Adobe model", "maya@example.com");
  await newThread(page);
  scriptWorkbook(
    llm,
    { filename: "adobe-revenue.xlsx", spec: { sheets: [MODEL] } },
    "I put Adobe's revenue by segment for FY2021 and FY2022 in **adobe-revenue.xlsx**, each FY2022 input noted with its source in the 10-K. Total revenue grew 11.5% to $17,606 million.",
  );
  await ask(page, "Put Adobe's revenue by segment for FY2021-22 in a workbook");
  const [file] = await threadFiles(page, url);
  scriptWorkbook(
    llm,
    {
      version_id: file!.versions[0]!.version_id,
      spec: {
        sheets: [
          {
            name: "Revenue",
            cells: [
              { ref: "E1", value: "FY2023E", bold: true },
              { ref: "E2", formula: "C2*(1+D2)", numFmt: "#,##0" },
              { ref: "E3", formula: "C3", numFmt: "#,##0" },
              { ref: "E4", formula: "C4", numFmt: "#,##0" },
              { ref: "E5", formula: "SUM(E2:E4)", numFmt: "#,##0", bold: true },
            ],
          },
        ],
      },
    },
    "Version 2 adds an FY2023 estimate: subscription keeps its 12.5% growth, the rest stays flat, so total revenue reaches $19,647 million.",
  );
  await out.video("workbook-diff", page, async () => {
    await ask(page, "Add an FY2023 estimate that keeps subscription growth and holds the rest flat");
    await beat(page, 500);
    await page
      .getByRole("article", { name: "Answer" })
      .last()
      .getByRole("list", { name: "Files written" })
      .getByRole("button", { name: /adobe-revenue\.xlsx · v2/ })
      .click();
    const viewer = page.getByTestId("thread-file-viewer");
    await viewer.locator('td[data-ref="E5"]').waitFor();
    await beat(page, 900);
    await viewer.getByLabel("Compare with version 1").check();
    await viewer.getByTestId("workbook-diff").waitFor();
    await beat(page, 3200);
  });
  const viewer = page.getByTestId("thread-file-viewer");
  await viewer.getByLabel("Compare with version 1").uncheck();
  await out.video("formula-trace", page, async () => {
    for (const ref of ["E5", "E2", "D2", "C2"]) {
      await viewer.locator(`td[data-ref="${ref}"]`).click();
      await beat(page, ref === "C2" ? 3000 : 1500);
    }
  });
}

/** Real key fields of the 12 scanned receipts (SROIE) as one CSV: company, date, total. */
function receiptsCsv(): Buffer {
  const dir = path.join(DATA_DIR, "receipts_sroie/key");
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const rows = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, string>)
    .map((k) => [quote(k.company ?? ""), quote(k.date ?? ""), Number(k.total ?? 0).toFixed(2)].join(","));
  return Buffer.from(["company,date,total", ...rows].join("\n") + "\n");
}

/** SQL over an uploaded table, its result shown in the thoughts and exported as an .xlsx workbook. */
export async function exportScene(page: Page, url: string, llm: FakeOpenAI, out: SceneOutput): Promise<string> {
  await newPod(page, url, "Expenses", "sam@example.com");
  await uploadAndIndex(page, [{ name: "receipts.csv", mimeType: "text/csv", buffer: receiptsCsv() }]);
  await newThread(page);
  llm.script(
    {
      reasoning: "The receipts table has company, date and total; sum the totals per company.",
      toolCalls: [
        {
          name: "run_sql",
          args: {
            sql: "SELECT company, COUNT(*) AS receipts, ROUND(SUM(total), 2) AS total FROM receipts GROUP BY company ORDER BY total DESC LIMIT 6",
          },
        },
      ],
    },
    {
      text: "Here is the spend per vendor from the 12 receipts, largest first. The table exports as .xlsx.",
      delayMs: 25,
    },
  );
  let saved = "";
  await out.video("xlsx-export", page, async () => {
    const answer = await ask(page, "Total spend per vendor across the receipts?");
    await answer.getByText(/Thoughts · 1 tool call/).click({ timeout: 30_000 });
    await answer.getByText("run_sql").click();
    const exportButton = answer.getByRole("button", { name: "Export .xlsx" });
    await exportButton.scrollIntoViewIfNeeded();
    await beat(page, 1200);
    const unmark = await spotlight(exportButton);
    await beat(page, 700);
    const download = page.waitForEvent("download");
    await exportButton.click();
    const file = await download;
    saved = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "aw-export-")), file.suggestedFilename());
    await file.saveAs(saved);
    await beat(page, 1500);
    await unmark();
  });
  await out.still("agent-thoughts", page);
  return saved;
}
