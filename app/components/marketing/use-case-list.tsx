import { Link } from "react-router";
import type { BuiltExample } from "../../../contracts/examples.ts";
import { MEDIA, type Media } from "../../lib/media.ts";
import { SectionMedia } from "./section-media.tsx";

interface UseCase {
  title: string;
  body: string;
  queries: string[];
  media: Media;
  /** The example pod whose thread 'Try this Workspace' opens. */
  podSlug: string;
}

export const USE_CASES: UseCase[] = [
  {
    title: "Data Room Analysis",
    podSlug: "financebench",
    media: MEDIA.citation,
    body: "Drop a data room of filings and contracts into a Pod and question it like a colleague who has read every page.",
    queries: [
      "What were the main drivers of gross margin change in FY2022?",
      "List every change-of-control clause and the page it is on.",
    ],
  },
  {
    title: "Research & Model Building",
    podSlug: "berkshire-letters",
    media: MEDIA.trace,
    body: "Pull figures from reports into a model, with every input cited and every formula traceable.",
    queries: [
      "Build a table of float and underwriting profit by year.",
      "Project operating earnings to 2030 under three scenarios.",
    ],
  },
  {
    title: "Customer Cohorts",
    podSlug: "earnings-transcripts",
    media: MEDIA.export,
    body: "Upload customer exports and let the agent write the analysis code: cohorts, retention curves and revenue by segment.",
    queries: [
      "Group customers by signup quarter and chart 12-month retention.",
      "Which segment grew net revenue retention the most?",
    ],
  },
];

/** 'Try this Workspace' opens the example's first thread (or the example) when it is built here. */
function tryLink(slug: string, example: BuiltExample | undefined): string | null {
  if (!example) return null;
  return example.thread_id ? `/${slug}/thread/${example.thread_id}` : `/${slug}`;
}

export function UseCaseList({ built }: { built: Record<string, BuiltExample> }) {
  return (
    <div className="space-y-20">
      {USE_CASES.map((u, i) => (
        <section key={u.title} aria-labelledby={`uc-${i}`} className="grid items-center gap-8 md:grid-cols-2 md:gap-14">
          <div className={i % 2 === 1 ? "md:order-2" : ""}>
            <h2 id={`uc-${i}`} className="text-3xl font-bold tracking-tight text-ink">
              {u.title}
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">{u.body}</p>
            <h3 className="mt-6 text-sm font-semibold uppercase tracking-wider text-slate-500">Example queries</h3>
            <ul className="mt-3 space-y-2">
              {u.queries.map((q) => (
                <li key={q} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-800">
                  “{q}”
                </li>
              ))}
            </ul>
            <TryLink to={tryLink(u.podSlug, built[u.podSlug])} />
          </div>
          <SectionMedia media={u.media} playbackRate={0.8} controls />
        </section>
      ))}
    </div>
  );
}

function TryLink({ to }: { to: string | null }) {
  if (to)
    return (
      <Link to={to} className="btn-primary mt-6">
        Try this Workspace
      </Link>
    );
  return (
    <p className="mt-6 flex flex-wrap items-center gap-3">
      <span className="btn-primary pointer-events-none opacity-50" aria-disabled="true">
        Try this Workspace
      </span>
      <span className="text-sm text-slate-500">This example is not available on this server yet.</span>
    </p>
  );
}
