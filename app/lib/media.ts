/**
 * Section media: captures of the running product made by `npm run media`
 * (scripts/capture-media.ts) into public/media, from real documents. A video is
 * {name}-1280.webm with its poster as {name}-{640,960,1280}.webp; an image is the .webp set.
 * `replaceWith` names the capture that should replace an entry once its feature is built (where
 * the product can't show the section's claim yet, the closest real screen stands in).
 */
export interface Media {
  name: string;
  alt: string;
  kind: "image" | "video";
  replaceWith?: string;
}

export const MEDIA = {
  podSearch: {
    name: "pod-files",
    kind: "image",
    alt: "A Pod of three 10-K filings and a scanned receipt, each indexed page by page",
    replaceWith: "recording: a question across the whole Pod (pod-search)",
  },
  citation: {
    name: "citation-page",
    kind: "video",
    alt: "A citation in the answer opened at its page of Adobe's 2022 10-K, the revenue table it quotes marked on the page",
    replaceWith:
      "re-film once the viewer locates this quote (it says 'The quote could not be located' on this page today)",
  },
  diff: {
    name: "workbook-diff",
    kind: "video",
    alt: "Version 2 of a revenue workbook compared with version 1: the added forecast cells marked and listed",
  },
  trace: {
    name: "formula-trace",
    kind: "video",
    alt: "Cells of the workbook clicked one by one: the total's formula, its inputs and the 10-K figure each input came from",
  },
  export: {
    name: "xlsx-export",
    kind: "video",
    alt: "A SQL query over uploaded receipts shown as a table in the agent's steps, exported as an .xlsx workbook",
  },
  thoughts: {
    name: "agent-thoughts",
    kind: "image",
    alt: "The agent's reasoning and its run_sql tool call with the result table, above the answer",
  },
  citationStill: {
    name: "citation-page",
    kind: "image",
    alt: "Page 40 of Adobe's 2022 10-K open beside the search-mode answer that cites it",
  },
  traceStill: {
    name: "formula-trace",
    kind: "image",
    alt: "A revenue workbook written by the agent, a cell selected and its source in the 10-K shown in the formula bar",
  },
  podAnswer: {
    name: "pod-answer",
    kind: "image",
    alt: "An answer drawn from a Pod of 10-K filings, with its sources listed",
  },
  podFiles: {
    name: "pod-files",
    kind: "image",
    alt: "A Pod's files: three 10-K PDFs and a scanned receipt image, each indexed page by page",
  },
  table: {
    name: "xlsx-export",
    kind: "image",
    alt: "A query result as a table in a thread, with its Export .xlsx button",
    replaceWith: "still: a chart drawn in a thread (the product shows tables today, not charts)",
  },
} satisfies Record<string, Media>;

export const MEDIA_WIDTHS = [640, 960, 1280] as const;

/** The file itself: a .webm video (recorded at 1280 px) or the .webp image at this width. */
export function mediaSrc(m: Media, width: (typeof MEDIA_WIDTHS)[number]): string {
  return m.kind === "video" ? `/media/${m.name}-1280.webm` : posterSrc(m, width);
}

/** The still of any entry: an image itself, or a video's poster frame. */
export function posterSrc(m: Media, width: (typeof MEDIA_WIDTHS)[number]): string {
  return `/media/${m.name}-${width}.webp`;
}
