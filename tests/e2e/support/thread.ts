import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Shared by the thread journeys (thread.spec.ts, thread-streaming.spec.ts). */

/** Records what the newest answer showed over time: its text length and whether it was streaming. */
export async function recordAnswer(page: Page) {
  await page.evaluate(() => {
    const seen: { len: number; status: string | null; indicator: boolean }[] = [];
    Object.assign(window, { answerStates: seen });
    const snap = () => {
      const all = document.querySelectorAll("article[aria-label='Answer']");
      const a = all[all.length - 1];
      if (!a) return;
      const s = {
        len: (a.querySelector(".answer-markdown")?.textContent ?? "").length,
        status: a.getAttribute("data-status"),
        indicator: Boolean(a.querySelector("[data-testid='streaming-indicator']")),
      };
      const last = seen[seen.length - 1];
      if (!last || last.len !== s.len || last.status !== s.status || last.indicator !== s.indicator) seen.push(s);
    };
    new MutationObserver(snap).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { answerStates: { len: number; status: string | null; indicator: boolean }[] })
          .answerStates,
    );
}

export async function newThread(page: Page): Promise<void> {
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).toHaveURL(/\/thread\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByLabel("Ask a question")).toBeEditable();
}

export const lastAnswer = (page: Page) => page.getByRole("article", { name: "Answer" }).last();
