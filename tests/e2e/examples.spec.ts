import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { expect, PASSWORD, signUp, test, uniqueEmail } from "./support/fixtures.ts";
import { DESKTOP, MOBILE, shoot } from "./support/indexing.ts";
import { lastAnswer } from "./support/thread.ts";

/**
 * An example pod end to end: built in the test setup as `npm run examples` builds it (two small
 * documents, two questions, search mode), it is on /use-cases as a card and 'Try this Workspace'
 * link; a visitor who is not signed in opens /{slug}, reads a thread and clicks a citation that
 * opens the quoted page; without JavaScript the thread reads in full; a signed-in user copies the
 * example into a Pod of their own and asks a question there.
 */
test.use({ ingestion: "manual" });

const SLUG = "constitutions";
const QUESTIONS = ["How is the President elected?", "How can the constitution be amended?"];
const DOCS = {
  "kenya-extract.pdf": makePdf([
    [{ text: "Constitution of Kenya", x: 72, y: 700, size: 20 }],
    [{ text: "The President shall be elected by registered voters in a national election.", x: 72, y: 700 }],
  ]),
  "ghana-extract.pdf": makePdf([
    [{ text: "Constitution of Ghana", x: 72, y: 700, size: 20 }],
    [{ text: "This constitution may be amended by an Act of Parliament after a referendum.", x: 72, y: 700 }],
  ]),
};

test("an example pod opens at /{slug} signed out, a citation opens the quoted page, without JavaScript it reads in full; a signed-in user copies it and asks", async ({
  browser,
  app,
}) => {
  test.setTimeout(150_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "example-e2e-"));
  const files = Object.entries(DOCS).map(([name, bytes]) => {
    fs.writeFileSync(path.join(dir, name), Buffer.from(bytes));
    return path.join(dir, name);
  });
  await app.buildExample(
    { slug: SLUG, title: "World Constitutions", description: "Constitutions compared.", questions: QUESTIONS },
    files,
  );
  fs.rmSync(dir, { recursive: true, force: true });

  // Signed out: the use-cases card of the built example links to it, the others say they are not built.
  const anon = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
  const v = await anon.newPage();
  await v.goto("/use-cases");
  const grid = v.getByTestId("pod-grid");
  await expect(grid.getByRole("link")).toHaveCount(1);
  await expect(grid.getByText("Not available on this server yet")).toHaveCount(15);
  await grid.getByRole("link", { name: /World Constitutions/ }).click();
  await expect(v).toHaveURL(`${app.url}/${SLUG}`);
  await expect(v.getByRole("heading", { name: "World Constitutions" })).toBeVisible();
  const list = v.getByRole("list", { name: "Workspace files" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(v.getByRole("button", { name: "Copy to my Pods" })).toHaveCount(0);
  // 'Copy link' copies the example's own address.
  await anon.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await v.getByRole("button", { name: "Copy link" }).filter({ visible: true }).click();
  expect(await v.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/${SLUG}`);
  await expect(v.getByLabel("Ask a question")).toHaveCount(0);
  await shoot(v, "example-pod");

  // A thread: the question, the cited answer; the citation opens the quoted page.
  const threads = v.getByRole("navigation", { name: "Threads" });
  await expect(threads.getByRole("link", { name: /President|amended/ })).toHaveCount(2);
  await threads.getByRole("link", { name: /President/ }).click();
  await expect(v).toHaveURL(new RegExp(`/${SLUG}/thread/[^/]+$`));
  await expect(v.getByLabel("Question", { exact: true })).toHaveText(QUESTIONS[0]!);
  await expect(lastAnswer(v)).toHaveAttribute("data-status", "complete");
  const chip = lastAnswer(v).locator(".answer-markdown button[data-citation]").first();
  await chip.click();
  const viewer = v.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: "kenya-extract.pdf" })).toBeVisible();
  await expect(viewer.locator(".textLayer mark.pdf-quote").first()).toBeVisible({ timeout: 20_000 });
  await v.screenshot({ path: "scratch/e2e/example-citation-1440.png" });
  await v.keyboard.press("Escape");
  await v.setViewportSize(MOBILE);
  await shoot(v, "example-thread");
  const threadPath = new URL(v.url()).pathname;
  // A slug whose example is not built here is the not-found page.
  expect((await v.goto("/jfk-files"))?.status()).toBe(404);
  await anon.close();

  // Without JavaScript the server-rendered thread has the question and the whole cited answer.
  const plain = await browser.newContext({ baseURL: app.url, viewport: DESKTOP, javaScriptEnabled: false });
  const p = await plain.newPage();
  expect((await p.goto(threadPath))?.status()).toBe(200);
  await expect(p.getByLabel("Question", { exact: true })).toHaveText(QUESTIONS[0]!);
  await expect(lastAnswer(p)).toContainText("registered voters");
  await expect(lastAnswer(p).locator("button[data-citation]").first()).toBeVisible();
  await plain.close();

  // Signed in: copy the example into a Pod of one's own, then ask there.
  const user = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
  const u = await user.newPage();
  await u.goto("/signup");
  await signUp(u, uniqueEmail("example-copier"), PASSWORD);
  await expect(u).toHaveURL(/\/home$/);
  await u.goto(`/${SLUG}`);
  await u.getByRole("button", { name: "Copy to my Pods" }).filter({ visible: true }).click();
  await expect(u).toHaveURL(/\/workspace\/[^/]+$/);
  await expect(u.getByText("Copied to your Pods: ask your own questions here.")).toBeVisible();
  await expect(u.getByRole("list", { name: "Workspace files" }).getByRole("listitem")).toHaveCount(2);
  await u
    .getByRole("navigation", { name: "Threads" })
    .getByRole("link", { name: /amended/ })
    .click();
  await u.getByLabel("Ask a question").fill("Who elects the President?");
  await u.getByLabel("Ask a question").press("Enter");
  await expect(lastAnswer(u)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(lastAnswer(u)).toContainText("kenya-extract.pdf");
  await expect(lastAnswer(u).locator(".answer-markdown button[data-citation]").first()).toBeVisible();
  await user.close();
});
