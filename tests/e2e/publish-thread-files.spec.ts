import { expect, test } from "./support/fixtures.ts";
import { DESKTOP, ownerOfNewWorkspace } from "./support/indexing.ts";
import { lastAnswer, newThread } from "./support/thread.ts";

/**
 * A published thread keeps the files its answers wrote: a reader who is not signed in opens the
 * workbook from the share view and reads its cells, with nothing to change (the fake model writes it).
 */
test.use({ llm: "fake", ingestion: "manual" });

test("a published thread's workbook opens for a signed-out reader, read only", async ({ browser, app }) => {
  test.setTimeout(120_000);
  const llm = app.llm!;
  llm.route = null;
  const rows = [
    ["Item", "Amount"],
    ["Revenue", 1000],
    ["Costs", 400],
    ["Profit", "=B2-B3"],
  ];
  llm.script(
    {
      toolCalls: [
        { name: "write_workbook", args: { filename: "model.xlsx", spec: { sheets: [{ name: "Model", rows }] } } },
      ],
    },
    { text: "I built the model in model.xlsx: profit is 600." },
  );
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await newThread(page);
  await page.getByLabel("Ask a question").fill("Build a small profit model");
  await page.getByLabel("Ask a question").press("Enter");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });

  await page.getByLabel(/^Actions for thread/).click();
  await page.getByText("Publish thread", { exact: true }).filter({ visible: true }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).filter({ visible: true }).click();
  const panel = page.getByRole("status", { name: "Share link" });
  await expect(panel).toContainText("Thread published.");
  const link = await panel.getByRole("textbox", { name: "Share link" }).inputValue();
  await context.close();

  const anon = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
  const v = await anon.newPage();
  await v.goto(link);
  await expect(lastAnswer(v)).toContainText("profit is 600");
  // The answer's stored thoughts load from the snapshot's copy of its events: a thread snapshot
  // keeps no tool calls (they may name files the answer did not cite), and this answer had nothing else.
  const followed = v.waitForResponse((r) => /\/messages\/[^/]+\/follow/.test(r.url()));
  await lastAnswer(v).getByRole("button", { name: "Load thoughts" }).click();
  expect((await followed).status()).toBe(200);
  await expect(lastAnswer(v).getByRole("button", { name: "Load thoughts" })).toHaveCount(0);
  await expect(lastAnswer(v).getByText(/^Thoughts/)).toHaveCount(0);
  await expect(lastAnswer(v).getByRole("alert")).toHaveCount(0);
  await expect(lastAnswer(v)).toContainText("profit is 600");
  // From the files pane's thread files. (No chip under the answer yet: the shared version's
  // message_id names the source Pod's answer, not the snapshot's copy of it.)
  const pane = v.getByRole("region", { name: "Files" });
  // A snapshot has no Pod files to list beside the thread.
  await expect(pane.getByRole("list", { name: "Pod files" })).toHaveCount(0);
  await pane
    .getByRole("list", { name: "Thread files" })
    .getByRole("button", { name: /model\.xlsx/ })
    .click();
  const viewer = v.getByTestId("thread-file-viewer");
  await expect(viewer.getByRole("heading", { name: "model.xlsx" })).toBeVisible();
  await expect(viewer.locator('td[data-ref="B4"]')).toHaveText("600");
  await viewer.locator('td[data-ref="B4"]').click();
  await expect(viewer.getByTestId("formula-bar")).toContainText("=B2-B3");
  await expect(viewer.getByRole("button", { name: "Add to Pod" })).toHaveCount(0);
  await v.screenshot({ path: "scratch/e2e/share-thread-file-1440.png" });
  await anon.close();
});
