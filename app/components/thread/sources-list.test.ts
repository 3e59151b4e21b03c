import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Citation } from "../../../contracts/citation.ts";
import { groupSources, SourcesList } from "./sources-list.tsx";

const cite = (n: number, file: string, page: number): Citation => ({
  n,
  file_id: file,
  version_id: `${file}-v1`,
  filename: `${file}.pdf`,
  page,
  quote: "Subscription revenue",
  start: 0,
  end: 20,
  verified: true,
});

describe("SourcesList", () => {
  it("names each file once, in the order first cited, with its pages in order", () => {
    const citations = [cite(1, "adobe", 54), cite(2, "pepsico", 12), cite(3, "adobe", 40)];
    expect(groupSources(citations).map((g) => [g.filename, g.citations.map((c) => c.page)])).toEqual([
      ["adobe.pdf", [40, 54]],
      ["pepsico.pdf", [12]],
    ]);
    const html = renderToStaticMarkup(createElement(SourcesList, { citations, onOpen: () => undefined }));
    expect(html.match(/text-slate-700">adobe\.pdf</g)).toHaveLength(1); // the chips name it in their previews
    expect(html.match(/data-citation="/g)).toHaveLength(3);
    expect(html).toContain("p. 40");
  });
});
