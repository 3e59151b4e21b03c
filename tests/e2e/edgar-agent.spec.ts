import { hasEdgarData } from "../helpers/fake-edgar.ts";
import { toolResults } from "../helpers/agent.ts";
import { expect, PASSWORD, screenshot, signUp, test, uniqueEmail } from "./support/fixtures.ts";
import { lastAnswer, newThread } from "./support/thread.ts";

/**
 * "Add a company's 10-K and answer from it" in one question: the agent (the loopback fake model)
 * finds the filing with edgar_search, asks to import it with edgar_import, the card in the answer
 * is approved from the keyboard, the server's worker indexes the filing, and the answer cites a
 * page of it. SEC EDGAR is the local fake serving the recorded responses.
 */
test.use({ llm: "fake", edgar: true });
// The fake SEC serves recorded responses from SHARED_DATA_DIR/edgar, which is not in the repo (the
// shared data is never copied in): without it there is nothing to serve. CI has it and runs these.
test.skip(!hasEdgarData, "needs SHARED_DATA_DIR/edgar");

const CARBO = 1009672;
const TEN_K = "0001564590-18-004771";
const FILE = "CARBO CERAMICS INC 10-K 2017-12-31.htm";

for (const [width, height] of [
  [1440, 900],
  [375, 812],
] as const) {
  test(`the agent imports a 10-K once the user approves, then cites it, at ${width} px`, async ({ page, app }) => {
    test.setTimeout(150_000);
    const llm = app.llm!;
    llm.route = null;
    llm.script(
      { toolCalls: [{ name: "edgar_search", args: { cik: CARBO, forms: ["10-K"], limit: 3 } }] },
      { toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: [TEN_K] } }] },
      (body) => {
        const imported = toolResults(body).at(-1);
        const ids = imported.files.map((f: { file_id: string }) => f.file_id);
        return {
          toolCalls: [
            { name: "search_documents", args: { query: "kaolin bauxite natural gas contracts", file_ids: ids } },
          ],
        };
      },
      (body) => ({
        text: `CARBO buys kaolin and bauxite under supply contracts [${toolResults(body).at(-1).results[0].n}].`,
      }),
    );
    await page.setViewportSize({ width, height });
    await page.goto("/signup");
    await signUp(page, uniqueEmail(`edgar-agent-${width}`), PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByLabel("Workspace name").fill("Proppants");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page).toHaveURL(/\/workspace\/[^/]+$/);
    await newThread(page);

    await page.getByLabel("Ask a question").fill("Add CARBO's last 10-K and tell me which raw materials it buys");
    await page.getByLabel("Ask a question").press("Enter");
    const answer = lastAnswer(page);
    const card = answer.getByRole("region", { name: "Import from SEC EDGAR" });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toHaveAttribute("data-status", "pending");
    await expect(card.getByRole("list", { name: "Filings" })).toContainText(
      "CARBO CERAMICS INC · 10-K · period 2017-12-31 · filed 2018-03-08",
    );
    const importButton = card.getByRole("button", { name: "Import 1 filing" });
    await expect(card.getByRole("button", { name: "Cancel" })).toBeVisible();
    // Both buttons fit the card at this width.
    const box = (await card.boundingBox())!;
    const button = (await importButton.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    await screenshot(page, `edgar-agent-confirm-${width}`);

    // From the keyboard: focus the button and press Enter.
    await importButton.focus();
    await page.keyboard.press("Enter");
    await expect(card).toHaveAttribute("data-status", "approved", { timeout: 10_000 });
    await expect(card.getByRole("list", { name: "Imported files" })).toContainText(FILE, { timeout: 20_000 });

    // The worker indexes the filing; the answer goes on, searches it and cites a page of it.
    await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 90_000 });
    await expect(card.getByRole("list", { name: "Imported files" })).toContainText("Ready");
    await expect(answer.locator(".answer-markdown")).toContainText("CARBO buys kaolin and bauxite");
    const chip = answer.locator(".answer-markdown button[data-citation]").first();
    await expect(chip).toHaveAttribute("data-verified", "true");
    // The Sources list names the imported filing once, with the cited page.
    const source = answer.getByRole("list", { name: "Sources" }).getByRole("listitem").filter({ hasText: FILE });
    await expect(source).toContainText(/p\. \d+/);
    await screenshot(page, `edgar-agent-answer-${width}`);

    await chip.click();
    const viewer = page.getByTestId("file-viewer");
    await expect(viewer.getByRole("heading", { name: FILE })).toBeVisible({ timeout: 15_000 });
    await expect(viewer).toContainText(/kaolin/i);

    // After a refresh the files panel holds the filing.
    await page.reload();
    await expect(page.getByRole("article", { name: "Answer" }).last()).toHaveAttribute("data-status", "complete");
    expect(app.edgar!.unexpected).toEqual([]);
    expect(llm.unexpected).toEqual([]);
  });
}

test("the web tier's confirmation relay refuses other origins, non-JSON and bad bodies, and relays the API's 404", async ({
  page,
  app,
}) => {
  await page.goto("/signup");
  await signUp(page, uniqueEmail("edgar-relay"), PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  const url = `${app.url}/resources/workspaces/nope/threads/nope/messages/nope/confirmations/nope`;
  const crossSite = await page.request.post(url, {
    data: { approve: true },
    headers: { origin: "http://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  const text = await page.request.post(url, {
    data: '{"approve":true}',
    headers: { origin: app.url, "content-type": "text/plain" },
  });
  expect(text.status()).toBe(415);
  const bad = await page.request.post(url, { data: { approve: "yes" }, headers: { origin: app.url } });
  expect(bad.status()).toBe(400);
  const unknown = await page.request.post(url, { data: { approve: true }, headers: { origin: app.url } });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.code).toBe("not_found");
});

test("Cancel on the card at 375 px: nothing is imported, the answer goes on without the filing", async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  const llm = app.llm!;
  llm.route = null;
  llm.script({ toolCalls: [{ name: "edgar_import", args: { cik: CARBO, accession_numbers: [TEN_K] } }] }, (body) => ({
    text: `Not imported (${toolResults(body).at(-1).status}): I answer without CARBO's 10-K.`,
  }));
  const edgarBefore = app.edgar!.requests.length;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/signup");
  await signUp(page, uniqueEmail("edgar-agent-decline"), PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByLabel("Workspace name").fill("Declined");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/);
  await newThread(page);
  await page.getByLabel("Ask a question").fill("Import CARBO's 10-K");
  await page.getByLabel("Ask a question").press("Enter");
  const answer = lastAnswer(page);
  const card = answer.getByRole("region", { name: "Import from SEC EDGAR" });
  await card.getByRole("button", { name: "Cancel" }).click({ timeout: 20_000 });
  await expect(card).toHaveAttribute("data-status", "declined", { timeout: 10_000 });
  await expect(card.getByText("Declined: not imported")).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(answer.locator(".answer-markdown")).toContainText("Not imported (declined)");
  await screenshot(page, "edgar-agent-declined-375");
  expect(app.edgar!.requests.slice(edgarBefore).some((r) => r.line.includes("/Archives/"))).toBe(false);
});
