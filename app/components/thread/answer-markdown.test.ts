import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Citation } from "../../../contracts/citation.ts";
import { AnswerMarkdown } from "./answer-markdown.tsx";

const cite = (n: number, verified = true): Citation => ({
  n,
  file_id: "f",
  version_id: "v",
  filename: "report.pdf",
  page: 3,
  quote: "Revenue grew",
  start: verified ? 0 : null,
  end: verified ? 12 : null,
  verified,
});
const render = (content: string, citations: Record<number, Citation> = {}) =>
  renderToStaticMarkup(
    createElement(AnswerMarkdown, { content, citations, onOpenCitation: () => undefined, exportName: "t" }),
  );

describe("AnswerMarkdown", () => {
  it("turns known [n] markers into chips and leaves unknown ones and code alone", () => {
    const html = render("Revenue grew [1] and fell [7]. Use `[1]` here.", { 1: cite(1) });
    expect(html.match(/data-citation="1"/g)).toHaveLength(1);
    expect(html).toContain("fell [7].");
    expect(html).toContain("<code");
    expect(html).toMatch(/<code[^>]*>\[1\]<\/code>/);
  });

  it("flags an unverified citation in the chip itself", () => {
    const html = render("Claim [2].", { 2: cite(2, false) });
    expect(html).toContain('data-verified="false"');
    expect(html).toContain(">unverified<");
    expect(html).toContain("not found on the cited page");
  });

  it("renders raw HTML and script as text, strips javascript: links and drops images", () => {
    const html = render(
      "<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> and [x](javascript:alert(1)).\n\n![p](http://tracker.example/p.png)",
    );
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toContain("tracker.example");
  });

  it("renders GFM tables with an export button", () => {
    const html = render("| Year | Revenue |\n|---|---|\n| 2022 | 1,200 [1] |\n", { 1: cite(1) });
    expect(html).toContain("<table");
    expect(html).toContain("Export .xlsx");
    expect(html).toContain('data-citation="1"');
  });

  it("renders a search-mode row: a table inside a list item, amounts right-aligned, the chip in the label cell", () => {
    const md = [
      "- Page 54:",
      "",
      "  |  | December 2, 2022 | December 3, 2021 |",
      "  | --- | ---: | ---: |",
      "  | Subscription [1] | $16,388 | $14,573 |",
      "",
      "- Page 40: Subscription revenue grew. [1]",
    ].join("\n");
    const html = render(md, { 1: cite(1) });
    expect(html).toMatch(/<li>[\s\S]*<table[\s\S]*<\/table>[\s\S]*<\/li>/);
    expect(html).toContain('<th style="text-align:right">December 2, 2022</th>');
    expect(html).toMatch(
      /<td>Subscription <span data-citation-chip="">[\s\S]*?<\/span><\/td><td style="text-align:right">\$16,388<\/td>/,
    );
    expect(html).not.toContain("| Subscription");
  });

  it("leaves out a header row with nothing in it", () => {
    const html = render("|  |  |\n| --- | ---: |\n| Net sales | 34,229 |\n");
    expect(html).toContain("<td>Net sales</td>");
    expect(html).not.toContain("<thead");
  });
});
