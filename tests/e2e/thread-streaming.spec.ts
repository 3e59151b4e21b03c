import ExcelJS from "exceljs";
import { expect, test } from "./support/fixtures.ts";
import { ownerOfNewWorkspace, shoot } from "./support/indexing.ts";
import { lastAnswer, newThread, recordAnswer } from "./support/thread.ts";

/**
 * The thread screen with a language model that writes slowly (a loopback fake of an
 * OpenAI-compatible server): the answer streams in, a refresh mid-answer follows it to its end,
 * and Stop cancels one.
 */
test.use({ llm: "fake" });

test.describe("a slow model", () => {
  /** An answer long enough to refresh in the middle of: a numbered word every 120 ms. */
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1} `).join("") + "THE-END.";

  test("the answer streams, continues after a refresh mid-answer, and Stop cancels another", async ({
    browser,
    app,
  }) => {
    test.setTimeout(120_000);
    // About 15 s of writing: room to refresh in the middle even on a busy machine.
    app.llm!.route = () => ({ text: words(150), delayMs: 100 });
    const { context, page } = await ownerOfNewWorkspace(browser, app.url);
    await newThread(page);
    await expect(page.getByTestId("search-mode-note")).toHaveCount(0);
    const states = await recordAnswer(page);
    const box = page.getByLabel("Ask a question");
    await box.fill("Tell me a long story");
    await page.getByRole("button", { name: "Send" }).click();

    const answer = lastAnswer(page);
    await expect(answer).toContainText("word3", { timeout: 15_000 });
    await expect(answer).toHaveAttribute("data-status", "streaming");
    // Read-only, not disabled, while the answer is written: focus stays in the box.
    await expect(box).not.toBeEditable();
    await expect(box).toBeFocused();
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    const growing = (await states()).filter((s) => s.status === "streaming" && s.len > 0).map((s) => s.len);
    expect(new Set(growing).size).toBeGreaterThanOrEqual(2);

    // Refresh mid-answer: the page follows the stored answer, which goes on to its end, once.
    await page.reload();
    const statesAfter = await recordAnswer(page);
    const after = lastAnswer(page);
    await expect(after).toHaveAttribute("data-status", "streaming");
    await expect(after).toContainText("word3");
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    // It continues: the text keeps growing on the reloaded page.
    await expect
      .poll(async () => new Set((await statesAfter()).filter((s) => s.status === "streaming").map((s) => s.len)).size, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(2);
    await shoot(page, "thread-streaming");
    await expect(after).toHaveAttribute("data-status", "complete", { timeout: 45_000 });
    const text = (await after.locator(".answer-markdown").textContent())!;
    expect(text.match(/THE-END/g)).toHaveLength(1);
    expect(text.match(/word10 /g)).toHaveLength(1);
    expect(text.match(/word150 /g)).toHaveLength(1);
    await expect(box).toBeEnabled();

    // Stop: the answer ends as cancelled, partial, and stays so after a reload.
    app.llm!.route = () => ({ text: words(200), delayMs: 120 });
    await box.fill("Another long one");
    await box.press("Enter");
    const second = lastAnswer(page);
    await expect(second).toContainText("word2", { timeout: 15_000 });
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(second).toHaveAttribute("data-status", "cancelled", { timeout: 10_000 });
    await expect(second.getByText("Stopped.")).toBeVisible();
    await expect(box).toBeEnabled();
    await page.reload();
    const stored = lastAnswer(page);
    await expect(stored).toHaveAttribute("data-status", "cancelled");
    await expect(stored).toContainText("word2");
    await expect(stored).not.toContainText("THE-END");
    await context.close();
  });
});

test("thoughts and tool calls show and hide with the workspace toggle; a table exports to .xlsx; Copy copies the answer", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const llm = app.llm!;
  llm.route = null;
  llm.script(
    {
      reasoning: "I should look this up in the documents first.",
      toolCalls: [{ name: "search_documents", args: { query: "revenue by year" } }],
    },
    { text: "| Year | Revenue |\n|---|---|\n| 2021 | 1,200 |\n| 2022 | (300) |\n\nRevenue fell in 2022.", delayMs: 20 },
  );
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await newThread(page);
  await page.getByLabel("Ask a question").fill("Revenue by year?");
  await page.getByLabel("Ask a question").press("Enter");
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });

  const thoughts = answer.getByText("Thoughts · 1 tool call");
  await expect(thoughts).toBeVisible();
  // Open while the answer was written, folded once it is done: a click unfolds it.
  await thoughts.click();
  await expect(answer.getByText("I should look this up in the documents first.")).toBeVisible();
  await expect(answer.getByText("search_documents")).toBeVisible();
  await shoot(page, "thread-thoughts-table");
  await page.getByRole("button", { name: "Hide Thoughts" }).click();
  await expect(page.getByRole("button", { name: "Show Thoughts" })).toBeVisible();
  await expect(thoughts).toHaveCount(0);
  await page.getByRole("button", { name: "Show Thoughts" }).click();
  await expect(thoughts).toBeVisible();

  const table = answer.getByRole("table");
  await expect(table.getByRole("cell", { name: "(300)" })).toBeVisible();
  const download = page.waitForEvent("download");
  await answer.getByRole("button", { name: "Export .xlsx" }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.getWorksheet("Table")!;
  expect(sheet.getRow(1).values).toEqual([undefined, "Year", "Revenue"]);
  expect(sheet.getCell("B2").value).toBe(1200);
  expect(sheet.getCell("B3").value).toBe(-300);

  await answer.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Answer copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Revenue fell in 2022.");
  expect(llm.unexpected).toEqual([]);
  await context.close();
});
