import { Link } from "react-router";
import { findExamplePod } from "../../lib/example-pods.ts";
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
    media: MEDIA.podGrid,
    body: "Drop a data room of filings and contracts into a Pod and question it like a colleague who has read every page.",
    queries: [
      "What were the main drivers of gross margin change in FY2022?",
      "List every change-of-control clause and the page it is on.",
    ],
  },
  {
    title: "Research & Model Building",
    podSlug: "berkshire-letters",
    media: MEDIA.spreadsheet,
    body: "Pull figures from reports into a model, with every input cited and every formula traceable.",
    queries: [
      "Build a table of float and underwriting profit by year.",
      "Project operating earnings to 2030 under three scenarios.",
    ],
  },
  {
    title: "Customer Cohorts",
    podSlug: "earnings-transcripts",
    media: MEDIA.heroDemo,
    body: "Upload customer exports and let the agent write the analysis code: cohorts, retention curves and revenue by segment.",
    queries: [
      "Group customers by signup quarter and chart 12-month retention.",
      "Which segment grew net revenue retention the most?",
    ],
  },
];

/** 'Try this Workspace' opens the pod's thread via /pod/{id}/thread/{id} once it is seeded. */
function tryLink(slug: string): string {
  const pod = findExamplePod(slug);
  if (pod?.podId && pod.threadId) return `/pod/${pod.podId}/thread/${pod.threadId}`;
  return `/${slug}`;
}

export function UseCaseList() {
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
            <Link to={tryLink(u.podSlug)} className="btn-primary mt-6">
              Try this Workspace
            </Link>
          </div>
          <SectionMedia media={u.media} playbackRate={0.8} controls />
        </section>
      ))}
    </div>
  );
}
