import { expect, test } from "./support/fixtures.ts";
import { ownerOfNewWorkspace, shoot } from "./support/indexing.ts";
import { lastAnswer, newThread } from "./support/thread.ts";

/**
 * Files an answer writes, in real Chromium with the fake model: a workbook written by
 * write_workbook opens beside the thread as sheets of cells with live formulas; an edit in a later
 * answer is version 2, compared with version 1 cell by cell; the owner adds it to the Pod's files.
 */
test.use({ llm: "fake", ingestion: "manual" });

test("a workbook an answer writes opens as cells with formulas; its second version is compared cell by cell and added to the Pod", async ({
  browser,
  app,
}) => {
  test.setTimeout(120_000);
  const llm = app.llm!;
  llm.route = null;
  const model = {
    name: "Model",
    rows: [
      ["Item", "Amount"],
      ["Revenue", 1000],
      ["Costs", 400],
      ["Profit", "=B2-B3"],
    ],
  };
  llm.script(
    { toolCalls: [{ name: "write_workbook", args: { filename: "model.xlsx", spec: { sheets: [model] } } }] },
    { text: "I built the model in model.xlsx: profit is 600." },
  );
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await newThread(page);
  const box = page.getByLabel("Ask a question");
  await box.fill("Build a small profit model");
  await box.press("Enter");
  const first = lastAnswer(page);
  await expect(first).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await first
    .getByRole("list", { name: "Files written" })
    .getByRole("button", { name: /model\.xlsx/ })
    .click();

  const viewer = page.getByTestId("thread-file-viewer");
  await expect(viewer.getByRole("heading", { name: "model.xlsx" })).toBeVisible();
  await expect(viewer.locator('td[data-ref="B4"]')).toHaveText("600");
  await viewer.locator('td[data-ref="B4"]').click();
  await expect(viewer.getByTestId("formula-bar")).toContainText("=B2-B3");
  await expect(viewer.getByTestId("formula-bar")).toContainText("600");

  // The second answer edits the workbook it wrote: version 2 of the same file.
  const threadId = page.url().split("/thread/")[1]!.split(/[?#]/)[0]!;
  const workspaceId = page.url().split("/workspace/")[1]!.split("/")[0]!;
  const listed = await page.request.get(`${app.url}/resources/workspaces/${workspaceId}/threads/${threadId}/files`);
  expect(listed.status()).toBe(200);
  const { files } = (await listed.json()) as {
    files: { file_id: string; filename: string; versions: { version_id: string; number: number }[] }[];
  };
  expect(files.map((f) => [f.filename, f.versions.length])).toEqual([["model.xlsx", 1]]);
  llm.script(
    {
      toolCalls: [
        {
          name: "write_workbook",
          args: {
            version_id: files[0]!.versions[0]!.version_id,
            spec: { sheets: [{ name: "Model", cells: [{ ref: "B2", value: 1200 }] }] },
          },
        },
      ],
    },
    { text: "Revenue is now 1,200, so profit is 800." },
  );
  await box.fill("Make revenue 1,200");
  await box.press("Enter");
  const second = lastAnswer(page);
  await expect(second).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await second.getByRole("list", { name: "Files written" }).getByRole("button", { name: "model.xlsx · v2" }).click();
  await expect(viewer.getByText("Thread file · version 2 of 2")).toBeVisible();
  await expect(viewer.locator('td[data-ref="B4"]')).toHaveText("800");

  // Compare with version 1: exactly the input and the formula that reads it changed.
  await viewer.getByLabel("Compare with version 1").check();
  const diff = viewer.getByTestId("workbook-diff");
  await expect(diff).toContainText("2 changed cells");
  await expect(diff.getByRole("listitem")).toHaveText([
    /Model!B2\s+1000 → 1200/,
    /Model!B4\s+=B2-B3 \(600\) → =B2-B3 \(800\)/,
  ]);
  await expect(viewer.locator("td[data-changed]")).toHaveCount(2);
  await shoot(page, "thread-file-diff");

  // The files pane lists the thread's files, the open one marked; the owner adds the workbook to the Pod's files.
  const written = page.getByRole("region", { name: "Files" }).getByRole("list", { name: "Thread files" });
  await expect(written).toContainText("model.xlsx2 versions");
  await expect(written.getByRole("button", { name: /model\.xlsx/ })).toHaveAttribute("aria-current", "true");
  await viewer.getByLabel("Add to the Pod's files as").fill("profit-model.xlsx");
  await viewer.getByRole("button", { name: "Add to Pod" }).click();
  await expect(page.getByText("Added to the Pod's files: it is being indexed.")).toBeVisible();
  await page.goto(`${app.url}/workspace/${workspaceId}`);
  await expect(
    page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: "profit-model.xlsx" }),
  ).toBeVisible();
  await context.close();
});

test("run_sql over an uploaded CSV shows its result as a table in the thoughts, exportable to .xlsx", async ({
  browser,
  app,
}) => {
  test.setTimeout(120_000);
  const llm = app.llm!;
  llm.route = null;
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  const csv = "region,units\nNorth,120\nSouth,75\nNorth,30\n";
  await page
    .getByLabel("Upload files")
    .setInputFiles({ name: "units.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: "units.csv" });
  await expect(row.getByText("Queued", { exact: true }).filter({ visible: true })).toBeVisible();
  // The first test's "Add to Pod" queued a file in its own workspace too (one queue for the app).
  expect(await app.drainQueue()).toBeGreaterThanOrEqual(1);
  await expect(row.getByText("Indexed", { exact: true }).filter({ visible: true })).toBeVisible();
  llm.script(
    {
      toolCalls: [
        {
          name: "run_sql",
          args: { sql: "SELECT region, SUM(units) AS total FROM units GROUP BY region ORDER BY region" },
        },
      ],
    },
    { text: "North shipped 150 units and South 75." },
  );
  await newThread(page);
  await page.getByLabel("Ask a question").fill("Units by region?");
  await page.getByLabel("Ask a question").press("Enter");
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await answer.getByText("Thoughts · 1 tool call").click();
  await answer.getByText("run_sql").click();
  const table = answer.getByRole("table");
  await expect(table.getByRole("row")).toHaveText([/region\s*total/, /North\s*150/, /South\s*75/]);
  await expect(answer.getByRole("button", { name: "Export .xlsx" })).toBeVisible();
  await shoot(page, "thread-run-sql");
  await context.close();
});
