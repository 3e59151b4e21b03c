export type PodLabel = "Finance" | "Law" | "Research" | "Accounting/Tax" | "General";

/**
 * One of the 16 example pods of spec section 3: the card, the documents it holds and the
 * analyst questions its threads answer. `npm run examples -- --from <dir>` (scripts/examples.ts)
 * builds it from `documents` and publishes it; which snapshot shows it lives in the database
 * (backend/examples), so a card knows from the API whether its example is built on this server.
 */
export interface ExamplePod {
  slug: string;
  title: string;
  description: string;
  labels: PodLabel[];
  /**
   * Paths relative to the --from dir: a file, or a folder ending in "/" (its documents: PDF,
   * text, Word, Excel and image files, sorted by name; licences and source lists are left out).
   * Empty: no documents are available for it yet, so it is never built.
   */
  documents: string[];
  /** 3-5 analyst questions, one thread each. */
  questions: string[];
}

const FB = "financebench/pdfs/";

/** The 16 example pods of spec section 3, in display order. */
export const EXAMPLE_PODS: ExamplePod[] = [
  {
    slug: "financebench",
    title: "FinanceBench",
    description: "Questions over 10-K and 10-Q filings of public companies, answered with page citations.",
    labels: ["Finance", "Research"],
    documents: [
      `${FB}BOEING_2022_10K.pdf`,
      `${FB}AMCOR_2023_10K.pdf`,
      `${FB}BESTBUY_2024Q2_10Q.pdf`,
      `${FB}JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf`,
      `${FB}PEPSICO_2023Q1_EARNINGS.pdf`,
      `${FB}ULTABEAUTY_2023Q4_EARNINGS.pdf`,
    ],
    questions: [
      "What production rate changes is Boeing forecasting for FY2023?",
      "What are the major acquisitions that Amcor has done in FY2023, FY2022 and FY2021?",
      "Was there any change in the number of Best Buy stores between Q2 of FY2024 and FY2023?",
      "What is the amount of the gain accruing to Johnson & Johnson from the separation of its Consumer Health business (Kenvue)?",
      "As of FY2023 Q1, why did PepsiCo raise its full year guidance for FY2023?",
    ],
  },
  {
    slug: "berkshire-letters",
    title: "Berkshire Hathaway Letters",
    description: "Decades of shareholder letters: capital allocation, insurance float and acquisitions.",
    labels: ["Finance"],
    documents: ["berkshire/"],
    questions: [
      "How large was Berkshire's insurance float, and what did it cost?",
      "What does Buffett say about share repurchases and when Berkshire buys back its stock?",
      "How did Berkshire's operating earnings and book value change during the pandemic year 2020?",
      "What does Buffett look for when Berkshire acquires a whole business?",
    ],
  },
  {
    slug: "earnings-transcripts",
    title: "Earnings Call Transcripts",
    description: "Quarterly calls compared across companies: guidance, margins and tone.",
    labels: ["Finance"],
    // No transcript with a licence that allows redistribution was found (examples/README.md).
    documents: [],
    questions: [
      "Which companies raised their full-year guidance this quarter, and why?",
      "How did gross margins move compared with the previous quarter?",
      "What did management say about demand in the next two quarters?",
    ],
  },
  {
    slug: "tax-form-1040",
    title: "Form 1040 Instructions",
    description: "The individual income tax return and its instructions, line by line.",
    labels: ["Accounting/Tax"],
    documents: ["irs/f1040.pdf", "irs/fw9.pdf"],
    questions: [
      "Which filing statuses can be chosen on Form 1040?",
      "Where on Form 1040 are qualified dividends and capital gains reported?",
      "Who must give a Form W-9, and what is it used for?",
    ],
  },
  {
    slug: "tax-form-1099",
    title: "Form 1099 Instructions",
    description: "Information returns: which 1099 applies, thresholds and deadlines.",
    labels: ["Accounting/Tax"],
    documents: ["examples/tax-form-1099/"],
    questions: [
      "When must a lender file Form 1099-C?",
      "What does distribution code 7 in box 7 of Form 1099-R mean, and what does code 1 mean?",
      "On Form 1099-C, what do boxes 2 and 3 show?",
    ],
  },
  {
    slug: "receipt-images",
    title: "Scanned Receipts",
    description: "Receipt photos turned into a table of vendors, dates and totals.",
    labels: ["Accounting/Tax", "General"],
    documents: ["receipts_sroie/img/"],
    questions: [
      "What is the total amount on each receipt?",
      "Which receipts include GST or service tax, and how much?",
      "Which stores issued these receipts, and on what dates?",
    ],
  },
  {
    slug: "musk-v-altman",
    title: "Musk v. Altman",
    description: "The complaint and exhibits, with claims traced to the pages that support them.",
    labels: ["Law"],
    // No repository here holds the court PDFs (examples/README.md).
    documents: [],
    questions: [
      "What claims does the complaint bring, and against whom?",
      "Why did the court deny the preliminary injunction?",
      "What does the complaint say about the founding agreement?",
    ],
  },
  {
    slug: "ftc-v-meta",
    title: "FTC v. Meta",
    description: "Antitrust filings on the Instagram and WhatsApp acquisitions.",
    labels: ["Law"],
    // No filings were found to copy (examples/README.md).
    documents: [],
    questions: [
      "How does the FTC define the relevant market?",
      "What does the FTC say Meta's acquisition of Instagram was meant to achieve?",
      "What remedy does the FTC ask for?",
    ],
  },
  {
    slug: "trump-eo",
    title: "Executive Orders",
    description: "2025 executive orders: what each one directs and which agencies it affects.",
    labels: ["Law", "General"],
    documents: ["examples/trump-eo/"],
    questions: [
      "What did Executive Order 14172 rename the Gulf of Mexico, and how long did the Secretary of the Interior have to act?",
      "What bitcoin is the Strategic Bitcoin Reserve to be capitalized with?",
      "What additional duty did EO 14193 put on products of Canada, and from when?",
    ],
  },
  {
    slug: "constitutions",
    title: "World Constitutions",
    description: "Constitutions of several countries compared article by article.",
    labels: ["Law", "Research"],
    documents: ["constitutions/"],
    questions: [
      "How is the President elected, and for how long, in each of these constitutions?",
      "What does each constitution say about the right to access information?",
      "How can each constitution be amended?",
    ],
  },
  {
    slug: "project-2025",
    title: "Project 2025",
    description: "A policy document of about 900 pages, summarised chapter by chapter.",
    labels: ["General", "Research"],
    // Mandate for Leadership carries no licence that allows redistribution (examples/README.md).
    documents: [],
    questions: [
      "What does the document propose for the Department of Education?",
      "Which agencies does it propose to restructure or close?",
      "What does it say about the federal civil service?",
    ],
  },
  {
    slug: "jfk-files",
    title: "JFK Files",
    description: "Declassified records: search 80,000 pages of scans and typed memos.",
    labels: ["General", "Research"],
    documents: ["examples/jfk-files/"],
    questions: [
      "When and where did HSCA staff interview former CIA officer Thomas Casasin, and when did he retire from the CIA?",
      "At the CIA's meeting with the Warren Commission on 12 March 1964, how was it proposed to close the gaps about Oswald's trip to Mexico?",
      "After reviewing the KGB's files on Oswald, what did KGB deputy Vyacheslav Nikonov conclude, according to the November 1991 cable?",
    ],
  },
  {
    slug: "deepseek-papers",
    title: "DeepSeek Papers",
    description: "Technical reports on the DeepSeek models: architecture, training and results.",
    labels: ["Research"],
    documents: ["examples/deepseek-papers/"],
    questions: [
      "How many total and activated parameters does DeepSeek-V3 have?",
      "What did DeepSeek-V3's full training cost in H800 GPU hours and dollars?",
      "Compared with DeepSeek 67B, how much do DeepSeek-V2's training cost and KV cache fall?",
    ],
  },
  {
    slug: "o1_v_r1",
    title: "o1 vs. R1",
    description: "Reasoning-model reports side by side: benchmarks, methods and costs.",
    labels: ["Research"],
    documents: ["examples/o1_v_r1/"],
    questions: [
      "How does DeepSeek-R1 compare with OpenAI o1 on AIME 2024 and MATH-500?",
      "How much did pure RL lift DeepSeek-R1-Zero's AIME 2024 score?",
      "What did MiniMax-M1's full RL training cost?",
    ],
  },
  {
    slug: "iclr-2025",
    title: "ICLR 2025 Papers",
    description: "3000+ conference papers: find methods, datasets and results across them.",
    labels: ["Research"],
    // No papers were collected yet (examples/README.md).
    documents: [],
    questions: [
      "Which papers propose new methods for long-context language modelling?",
      "Which datasets are most often used to evaluate reasoning?",
      "What results do the papers report on diffusion model sampling speed?",
    ],
  },
  {
    slug: "pg-essays",
    title: "Paul Graham Essays",
    description: "Essays on startups and writing, with quotes cited to the paragraph.",
    labels: ["General"],
    documents: ["paul_graham/"],
    questions: [
      "Why does Paul Graham think Lisp gave Viaweb an advantage over its competitors?",
      "What is a superangel, and how are superangels changing venture funding?",
      "What does Paul Graham mean by good taste, and can taste be better or worse?",
    ],
  },
];

export function findExamplePod(slug: string): ExamplePod | undefined {
  return EXAMPLE_PODS.find((p) => p.slug === slug);
}
