/**
 * Section media: real captures of this product made by `npm run media` (scripts/capture-media.ts)
 * into public/media as {name}-{640,960,1280}.webp. Where the feature itself is not built
 * yet, the closest real screen stands in; `replaceWith` names the capture that should replace it
 * when the feature lands (add it to the script, then point the section at it).
 */
export interface Media {
  name: string;
  alt: string;
  kind: "image" | "video";
  replaceWith?: string;
}

export const MEDIA = {
  heroDemo: {
    name: "hero-demo",
    kind: "image",
    alt: "The sample prompt typed over a blank spreadsheet in the workspace",
    replaceWith: "recording: a streamed answer building the three-statement model",
  },
  spreadsheet: {
    name: "spreadsheet-preview",
    kind: "image",
    alt: "The spreadsheet preview with columns A to E",
    replaceWith: "recording: clicking a cell and tracing its formula to the source page",
  },
  podGrid: {
    name: "example-pods",
    kind: "image",
    alt: "Example pods for finance, law, research and tax work",
    replaceWith: "recording: a question across an 80,000-page pod",
  },
  document: {
    name: "legal-document",
    kind: "image",
    alt: "A long document rendered in the product",
    replaceWith: "recording: a cited answer opening the exact page",
  },
  pricing: {
    name: "pricing-table",
    kind: "image",
    alt: "Plan cards with storage and compute credits",
    replaceWith: "still: a chart produced in a thread",
  },
  mobile: {
    name: "hero-mobile",
    kind: "image",
    alt: "The workspace demo on a phone",
    replaceWith: "still: a thread with an uploaded image and PDF",
  },
  diff: {
    name: "hero-demo",
    kind: "image",
    alt: "The agent workspace with a spreadsheet canvas",
    replaceWith: "recording: the diff view of two agent outputs",
  },
  export: {
    name: "spreadsheet-preview",
    kind: "image",
    alt: "A sheet ready to export as an Excel workbook",
    replaceWith: "recording: exporting a thread's model to .xlsx",
  },
} satisfies Record<string, Media>;

export const MEDIA_WIDTHS = [640, 960, 1280] as const;

export function mediaSrc(m: Media, width: (typeof MEDIA_WIDTHS)[number]): string {
  return `/media/${m.name}-${width}.${m.kind === "video" ? "webm" : "webp"}`;
}
