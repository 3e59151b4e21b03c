export type PodLabel = "Finance" | "Law" | "Research" | "Accounting/Tax" | "General";

export interface ExamplePod {
  slug: string;
  title: string;
  description: string;
  labels: PodLabel[];
  /** Set when the example pod is seeded (example-pods issue); until then /{slug} answers 404. */
  podId: string | null;
  threadId: string | null;
}

const pod = (slug: string, title: string, description: string, labels: PodLabel[]): ExamplePod => ({
  slug,
  title,
  description,
  labels,
  podId: null,
  threadId: null,
});

/** The 16 example pods of spec section 3, in display order. */
export const EXAMPLE_PODS: ExamplePod[] = [
  pod(
    "financebench",
    "FinanceBench",
    "Questions over 10-K and 10-Q filings of public companies, answered with page citations.",
    ["Finance", "Research"],
  ),
  pod(
    "berkshire-letters",
    "Berkshire Hathaway Letters",
    "Decades of shareholder letters: capital allocation, insurance float and acquisitions.",
    ["Finance"],
  ),
  pod(
    "earnings-transcripts",
    "Earnings Call Transcripts",
    "Quarterly calls compared across companies: guidance, margins and tone.",
    ["Finance"],
  ),
  pod(
    "tax-form-1040",
    "Form 1040 Instructions",
    "The individual income tax return and its instructions, line by line.",
    ["Accounting/Tax"],
  ),
  pod("tax-form-1099", "Form 1099 Instructions", "Information returns: which 1099 applies, thresholds and deadlines.", [
    "Accounting/Tax",
  ]),
  pod("receipt-images", "Scanned Receipts", "Receipt photos turned into a table of vendors, dates and totals.", [
    "Accounting/Tax",
    "General",
  ]),
  pod(
    "musk-v-altman",
    "Musk v. Altman",
    "The complaint and exhibits, with claims traced to the pages that support them.",
    ["Law"],
  ),
  pod("ftc-v-meta", "FTC v. Meta", "Antitrust filings on the Instagram and WhatsApp acquisitions.", ["Law"]),
  pod("trump-eo", "Executive Orders", "2025 executive orders: what each one directs and which agencies it affects.", [
    "Law",
    "General",
  ]),
  pod("constitutions", "World Constitutions", "Constitutions of several countries compared article by article.", [
    "Law",
    "Research",
  ]),
  pod("project-2025", "Project 2025", "A policy document of about 900 pages, summarised chapter by chapter.", [
    "General",
    "Research",
  ]),
  pod("jfk-files", "JFK Files", "Declassified records: search 80,000 pages of scans and typed memos.", [
    "General",
    "Research",
  ]),
  pod(
    "deepseek-papers",
    "DeepSeek Papers",
    "Technical reports on the DeepSeek models: architecture, training and results.",
    ["Research"],
  ),
  pod("o1_v_r1", "o1 vs. R1", "Reasoning-model reports side by side: benchmarks, methods and costs.", ["Research"]),
  pod("iclr-2025", "ICLR 2025 Papers", "3000+ conference papers: find methods, datasets and results across them.", [
    "Research",
  ]),
  pod("pg-essays", "Paul Graham Essays", "Essays on startups and writing, with quotes cited to the paragraph.", [
    "General",
  ]),
];

/** Where an example pod opens: its slug route (or a thread in it). */
export function podLink(p: ExamplePod): string {
  return p.threadId ? `/${p.slug}/thread/${p.threadId}` : `/${p.slug}`;
}

export function findExamplePod(slug: string): ExamplePod | undefined {
  return EXAMPLE_PODS.find((p) => p.slug === slug);
}
