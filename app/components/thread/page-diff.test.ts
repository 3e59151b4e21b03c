import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageDiff } from "./page-diff.tsx";

const render = (before: string, after: string) =>
  renderToStaticMarkup(createElement(PageDiff, { before, after, beforeLabel: "v1", afterLabel: "v2" }));

describe("PageDiff", () => {
  it("marks removed and added lines and folds long unchanged runs", () => {
    const same = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");
    const html = render(`${same}\nRevenue 1,200\n`, `${same}\nRevenue 1,500\n`);
    expect(html).toMatch(/<del[^>]*>.*Revenue 1,200<\/del>/);
    expect(html).toMatch(/<ins[^>]*>.*Revenue 1,500<\/ins>/);
    expect(html).toContain("… 6 unchanged lines …");
    expect(html).not.toContain("No changes on this page.");
  });

  it("says so when the page did not change", () => {
    expect(render("same\n", "same\n")).toContain("No changes on this page.");
  });
});
