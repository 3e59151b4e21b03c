import { MEDIA, type Media } from "../../lib/media.ts";
import { SectionMedia } from "./section-media.tsx";

interface Section {
  id: string;
  eyebrow: string;
  title: string;
  body: string;
  points: string[];
  media: Media;
}

/** The five front-page sections of spec section 2. */
export const FRONT_SECTIONS: Section[] = [
  {
    id: "large-scale-analysis",
    eyebrow: "Large-scale analysis",
    title: "Ask across the whole data room",
    body: "Agents read every file in a Pod, not just the first few pages: filings, transcripts, contracts and scans, up to tens of thousands of pages.",
    points: ["PDFs, spreadsheets, Word files and images", "Reasoning agents plan, search and run analysis code"],
    media: MEDIA.podSearch,
  },
  {
    id: "accurate-citations",
    eyebrow: "Accurate citations",
    title: "Every figure points to its page",
    body: "Answers cite the file, page and passage the agent actually read, so you can check a number in one click before it goes into a memo.",
    points: ["Citations open the source at the cited page", "Only sources the model was given are cited"],
    media: MEDIA.citation,
  },
  {
    id: "view-diffs",
    eyebrow: "View diffs",
    title: "See what changed between drafts",
    body: "When you ask an agent to revise a model or a summary, the diff shows exactly which cells and sentences moved.",
    points: ["Side-by-side and inline views", "Keep or discard each revision"],
    media: MEDIA.diff,
  },
  {
    id: "trace-formulas",
    eyebrow: "Trace formulas",
    title: "Follow a number back to its inputs",
    body: "Click a cell to see the formula behind it and the inputs it depends on, down to the cited source document.",
    points: ["Precedents and dependents at a glance", "No hard-coded plugs hidden in the sheet"],
    media: MEDIA.trace,
  },
  {
    id: "export-to-spreadsheet",
    eyebrow: "Export to spreadsheet",
    title: "Take the model to Excel",
    body: "Export tables and three-statement models as .xlsx workbooks with live formulas, ready for your own review.",
    points: ["Formulas kept, not pasted values", "Works with Excel and Google Sheets"],
    media: MEDIA.export,
  },
];

export function FeatureSections() {
  return (
    <div className="mx-auto max-w-7xl space-y-20 px-4 py-20 sm:px-6 md:space-y-28">
      {FRONT_SECTIONS.map((s, i) => (
        <section
          key={s.id}
          id={s.id}
          aria-labelledby={`${s.id}-title`}
          className="grid items-center gap-8 md:grid-cols-2 md:gap-14"
        >
          <div className={i % 2 === 1 ? "md:order-2" : ""}>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{s.eyebrow}</p>
            <h2 id={`${s.id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-ink">
              {s.title}
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">{s.body}</p>
            <ul className="mt-5 space-y-2">
              {s.points.map((p) => (
                <li key={p} className="flex gap-2 text-slate-700">
                  <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <SectionMedia media={s.media} />
        </section>
      ))}
    </div>
  );
}
