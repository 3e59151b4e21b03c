import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures.ts";
import { DESKTOP, GOOD, MOBILE, ownerOfNewWorkspace, shoot } from "./support/indexing.ts";
import { lastAnswer, newThread, recordAnswer } from "./support/thread.ts";

/**
 * The thread screen end to end in search mode (no language model): upload a real PDF, ask, watch
 * the answer arrive, open a citation and see the quote highlighted on the PDF page. Streaming with
 * a slow model (refresh mid-answer, Stop) is in thread-streaming.spec.ts.
 */

const dataDir = process.env.SHARED_DATA_DIR ?? path.resolve("../shared/data");
const LETTER = path.join(dataDir, "berkshire/2019ltr.pdf");
// A real shareholder letter when the shared corpus is here; else a PDF written by the test.
const REAL = fs.existsSync(LETTER);
const PDF = REAL
  ? { name: "berkshire-2019-letter.pdf", mimeType: "application/pdf", buffer: fs.readFileSync(LETTER) }
  : GOOD;
const QUESTION = REAL ? "What does Berkshire say about insurance float?" : "Why did revenue grow?";

/** Case, whitespace and typography folded away, as the viewer compares text. */
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2014\u2212]/g, "-")
    .replace(/\s+/g, "")
    .replace(/[.,;:]+$/, "");

/** No worker role: the test indexes the upload (app.drainQueue) when it is ready to. */
test.use({ ingestion: "manual" });

test.describe("search mode", () => {
  test("ask about a real PDF, watch the answer stream in, open a citation: the page shows the quote highlighted", async ({
    browser,
    app,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await ownerOfNewWorkspace(browser, app.url);
    await page.getByLabel("Upload files").setInputFiles(PDF);
    await expect(page.getByRole("progressbar", { name: `Uploading ${PDF.name}` })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: PDF.name });
    // Finalized (queued for indexing) before the queue runs.
    await expect(row.getByText("Queued", { exact: true }).filter({ visible: true })).toBeVisible();
    expect(await app.drainQueue()).toBe(1);
    await expect(row.getByText("Indexed", { exact: true }).filter({ visible: true })).toBeVisible();

    await newThread(page);
    await expect(page.getByText("No questions yet")).toBeVisible();
    await expect(page.getByTestId("search-mode-note")).toBeVisible();
    const states = await recordAnswer(page);
    const box = page.getByLabel("Ask a question");
    await box.fill(QUESTION.slice(0, 10));
    // Shift+Enter is a new line, not a send.
    await box.press("Shift+Enter");
    await expect(box).toHaveValue(`${QUESTION.slice(0, 10)}\n`);
    await box.fill(QUESTION);
    await box.press("Enter");

    await expect(page.getByLabel("Question", { exact: true })).toHaveText(QUESTION);
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
    await expect(answer.getByText("Search mode · passages from your files")).toBeVisible();
    await expect(answer).toContainText(PDF.name);
    // It arrived in steps: a streaming state first (the indicator, or text still growing), then the end.
    const seen = await states();
    expect(seen.some((s) => s.status === "streaming")).toBe(true);
    expect(seen.at(-1)).toMatchObject({ status: "complete", indicator: false });
    expect(new Set(seen.map((s) => s.len)).size).toBeGreaterThanOrEqual(2);
    await expect(box).toBeEnabled();
    await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);

    expect(await answer.locator(".answer-markdown button[data-citation]").count()).toBeGreaterThan(0);
    const chip = answer.locator(".answer-markdown button[data-citation]").first();
    await expect(chip).toHaveAttribute("data-verified", "true");
    // Focus previews the source: file, page and quote.
    await chip.focus();
    const preview = answer.getByRole("tooltip").filter({ visible: true });
    await expect(preview).toContainText(PDF.name);
    const quote = (await preview.locator("q").textContent())!;
    const pageLabel = (await preview.getByText(/^Page \d+$/).textContent())!;
    expect(quote.length).toBeGreaterThan(10);
    await shoot(page, "thread-answer");

    // Enter opens the cited page in the viewer, with the quote marked in the PDF's text layer.
    await page.keyboard.press("Enter");
    const viewer = page.getByTestId("file-viewer");
    await expect(viewer.getByRole("heading", { name: PDF.name })).toBeVisible();
    await expect(viewer.getByText(new RegExp(`^${pageLabel} of \\d+$`))).toBeVisible();
    await expect(viewer.getByRole("img", { name: pageLabel })).toBeVisible();
    const marks = viewer.locator(".textLayer mark.pdf-quote");
    await expect(marks.first()).toBeVisible({ timeout: 20_000 });
    await expect(viewer.getByTestId("quote-status")).toHaveText("Highlighted on the page.");
    const marked = (await marks.allTextContents()).join("");
    expect(fold(marked)).toContain(fold(quote));
    // The canvas was drawn (not blank): some pixels are darker than white.
    const inked = await viewer.locator("canvas").evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! < 128) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    await page.screenshot({ path: "scratch/e2e/thread-viewer-1440.png", fullPage: false });
    // The files pane says what each Pod file is, read from its content (the letter's kind and year).
    if (REAL)
      await expect(page.getByRole("list", { name: "Pod files" }).getByTestId("document-profile").first()).toContainText(
        "shareholder letter · 2019",
      );

    // On a phone the viewer is the Viewer tab, filling the width; Escape closes it, back to the
    // Thread tab, and focus returns to the chip.
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole("tab", { name: "Viewer" })).toHaveAttribute("aria-selected", "true");
    const sheet = (await viewer.boundingBox())!;
    expect(sheet.x).toBeLessThan(20);
    expect(sheet.x + sheet.width).toBeGreaterThan(MOBILE.width - 20);
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(MOBILE.height);
    await expect(marks.first()).toBeVisible();
    await page.screenshot({ path: "scratch/e2e/thread-viewer-375.png" });
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Thread" })).toHaveAttribute("aria-selected", "true");
    await expect(chip).toBeFocused();
    // Nothing on the thread is wider than the phone.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((el) => {
          if (el.getBoundingClientRect().right <= window.innerWidth + 1) return false;
          for (let a: Element | null = el; a; a = a.parentElement)
            if (getComputedStyle(a).position === "fixed") return false;
          return true;
        })
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)} ${el.textContent?.slice(0, 40)}`,
        ),
    );
    expect(wide).toEqual([]);
    await page.screenshot({ path: "scratch/e2e/thread-answer-375-after.png", fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The relay passes the stored events on as an event stream, never compressed (that would buffer it).
    const answerId = await answer.getAttribute("data-message-id");
    const threadPath = new URL(page.url()).pathname
      .replace(/^\/workspace\//, "/resources/workspaces/")
      .replace("/thread/", "/threads/");
    const relayed = await page.request.get(`${threadPath}/messages/${answerId}/follow?after=-1`, {
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(relayed.status()).toBe(200);
    expect(relayed.headers()["content-type"]).toMatch(/^text\/event-stream/);
    expect(relayed.headers()["content-encoding"]).toBeUndefined();
    expect(relayed.headers()["cache-control"]).toContain("no-transform");
    const events = await relayed.text();
    expect(events).toMatch(/^event: message_started\nid: 0\n/);
    expect(events).toMatch(/event: citation\n/);
    expect(events.trimEnd()).toMatch(/event: done\nid: \d+\ndata: \{"type":"done".*"status":"complete"\}$/);

    // The answer is stored: after a reload it shows again with its chips, and feedback sticks.
    await page.reload();
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");
    await expect(lastAnswer(page).locator(".answer-markdown button[data-citation]").first()).toBeVisible();
    // The button turns pressed at once; the reload waits for the feedback to be stored.
    const stored = page.waitForResponse(
      (r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("intent=feedback"),
    );
    await lastAnswer(page).getByRole("button", { name: "Good answer" }).click();
    await expect(lastAnswer(page).getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "true");
    expect((await stored).ok()).toBe(true);
    await page.reload();
    await expect(lastAnswer(page).getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "true");

    // Regenerate: a second answer to the same question, then a choice between the two.
    await lastAnswer(page).getByRole("button", { name: "Regenerate" }).click();
    await expect(page.getByRole("article", { name: "Answer" })).toHaveCount(1);
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
    await expect(lastAnswer(page).getByLabel("Answer 2 of 2")).toBeVisible();
    expect(await lastAnswer(page).getAttribute("data-message-id")).not.toBe(answerId);
    await lastAnswer(page).getByRole("button", { name: "Previous answer" }).click();
    await expect(lastAnswer(page).getByLabel("Answer 1 of 2")).toBeVisible();
    await expect(lastAnswer(page)).toHaveAttribute("data-message-id", answerId!);

    // The canvas flag gives the viewer the larger share of the width.
    for (const [flag, wider] of [
      ["", false],
      ["?canvas=1", true],
    ] as const) {
      await page.goto(`${new URL(page.url()).pathname}${flag}`);
      await lastAnswer(page).locator(".answer-markdown button[data-citation]").first().click();
      const viewerBox = (await page.getByTestId("file-viewer").boundingBox())!;
      const threadBox = (await page.getByRole("article", { name: "Answer" }).boundingBox())!;
      expect(
        viewerBox.width > threadBox.width * 1.2,
        `viewer ${viewerBox.width} vs answer ${threadBox.width} with "${flag}"`,
      ).toBe(wider);
    }
    await shoot(page, "thread-canvas");
    await context.close();
  });
});

test("a text document's citation opens its page text with the quote marked at the cited offsets", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  const notes =
    "# Warehouse notes\n\nThe Rotterdam warehouse shipped 4,200 pallets of tulip bulbs in March.\n\nNothing else happened.\n";
  await page
    .getByLabel("Upload files")
    .setInputFiles({ name: "warehouse-notes.md", mimeType: "text/markdown", buffer: Buffer.from(notes) });
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: "warehouse-notes.md" });
  await expect(row.getByText("Queued", { exact: true }).filter({ visible: true })).toBeVisible();
  expect(await app.drainQueue()).toBe(1);
  await expect(row.getByText("Indexed", { exact: true }).filter({ visible: true })).toBeVisible();
  await newThread(page);
  await page.getByLabel("Ask a question").fill("How many pallets of tulip bulbs were shipped?");
  await page.getByLabel("Ask a question").press("Enter");
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await answer.locator(".answer-markdown button[data-citation]").first().click();
  const viewer = page.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: "warehouse-notes.md" })).toBeVisible();
  const mark = viewer.locator("pre mark");
  await expect(mark).toBeVisible();
  expect(await mark.textContent()).toContain("4,200 pallets of tulip bulbs");
  await expect(viewer.getByTestId("quote-status")).toHaveText("Highlighted on the page.");
  await expect(viewer.locator("canvas")).toHaveCount(0);
  await context.close();
});

test("a spreadsheet's citation opens the sheet as a grid with the cited cell marked at its address", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  // Row 2 is blank: the cited row keeps its number in the file (5, not 4).
  const csv = "Region,Product,Units\n\nNorth,Widgets,120\nSouth,Gadgets,75\nWest,Sprockets,8812\n";
  await page
    .getByLabel("Upload files")
    .setInputFiles({ name: "shipments.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: "shipments.csv" });
  await expect(row.getByText("Queued", { exact: true }).filter({ visible: true })).toBeVisible();
  expect(await app.drainQueue()).toBe(1);
  await expect(row.getByText("Indexed", { exact: true }).filter({ visible: true })).toBeVisible();
  await newThread(page);
  await page.getByLabel("Ask a question").fill("How many sprockets units were shipped?");
  await page.getByLabel("Ask a question").press("Enter");
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await answer.locator(".answer-markdown button[data-citation]").first().click();
  const viewer = page.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: "shipments.csv" })).toBeVisible();
  const grid = viewer.getByRole("table");
  await expect(grid.getByRole("columnheader", { name: "C", exact: true })).toBeVisible();
  await expect(grid.getByRole("rowheader", { name: "5", exact: true })).toBeVisible();
  await expect(viewer.getByTestId("quote-status")).toHaveText("Marked at its cell.");
  const cited = grid.locator("td[data-cited]");
  expect(await cited.count()).toBeGreaterThan(0);
  const address = (await viewer.getByTestId("cited-cell").textContent())!;
  // The quote is the row that answers (not the header), in the file's own row numbering.
  expect(address).toBe("shipments!A5:C5");
  expect(await cited.allTextContents()).toEqual(["West", "Sprockets", "8812"]);
  await context.close();
});

test("without JavaScript a question is a plain form: the page comes back with the stored answer", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerOfNewWorkspace(browser, app.url);
  await newThread(owner.page);
  const url = owner.page.url();
  const storageState = await owner.context.storageState();
  await owner.context.close();
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: DESKTOP,
    javaScriptEnabled: false,
    storageState,
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel("Ask a question").fill("What is in these files?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByLabel("Question", { exact: true })).toHaveText("What is in these files?");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");
  await expect(lastAnswer(page)).toContainText("None of the documents in this workspace matches the question.");
  await context.close();
});

test("a question the API refuses before streaming keeps its status and message", async ({ app, request }) => {
  // Not signed in: stream_qa refuses before the first byte (401), as JSON the page can show.
  const res = await request.post(`${app.url}/resources/workspaces/nope/threads/nope/ask`, {
    data: { query: "Hi" },
    headers: { "accept-encoding": "gzip" },
  });
  expect(res.status()).toBe(401);
  expect((await res.json()).error.message).toMatch(/sign in/i);
});
