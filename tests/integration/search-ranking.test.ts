import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { searchWorkspace } from "../../backend/search/service.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import type { EndpointInput } from "../../contracts/endpoint.ts";
import * as filesApi from "../../contracts/files.ts";
import * as searchApi from "../../contracts/search.ts";

/**
 * The ranking signals beyond BM25, each checked on a small workspace where plain word matching
 * gets it wrong: page fusion, analyst synonyms, and scoping to the filing a question names.
 */
let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const files: Record<string, string> = {};

type Hit = { file_id: string; filename: string; page: number; passage_id: string };
const search = async (body: EndpointInput<typeof searchApi.searchWorkspace>["body"]): Promise<Hit[]> => {
  const res = await app.api(searchApi.searchWorkspace, { params: { id: ws.id }, token: alice.token, body });
  expect(res.status).toBe(200);
  return res.body.results;
};

/** A one-page filing in Markdown. */
function filing(company: string, year: number, body: string): string {
  return `# ${company} annual report ${year}\n\n${body}\n`;
}

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = await createWorkspace(app, alice.token);
  const docs: Record<string, string> = {
    "ACME_2021_10K.md": filing(
      "Acme",
      2021,
      "Net sales rose to $4.1 billion. Purchases of property and equipment were $310 million in fiscal 2021.",
    ),
    "ACME_2022_10K.md": filing(
      "Acme",
      2022,
      "Net sales rose to $4.6 billion. Purchases of property and equipment were $355 million in fiscal 2022.",
    ),
    "GLOBEX_2022_10K.md": filing(
      "Globex",
      2022,
      "Net sales rose to $9.9 billion. Purchases of property and equipment were $800 million in fiscal 2022.",
    ),
    "notes.md":
      "# Meeting notes\n\nWe discussed capex and revenue plans in general terms; capex capex revenue revenue.\n",
  };
  for (const [filename, text] of Object.entries(docs)) {
    files[filename] = (
      await uploadFile(app, alice.token, ws.id, { filename, bytes: Buffer.from(text), contentType: "text/markdown" })
    ).id;
  }
  await drainQueue(app.deps);
}, 120_000);
afterAll(() => app?.close());

describe("search ranking", () => {
  it("finds what an analyst means: capex is 'purchases of property and equipment', revenue is 'net sales'", async () => {
    const hits = await search({ query: "What was Acme's capex in FY2022?" });
    expect(hits[0]?.file_id).toBe(files["ACME_2022_10K.md"]);
    const ids = hits.map((h) => h.file_id);
    expect(ids).toContain(files["GLOBEX_2022_10K.md"]);
  });

  it("reports each ranking step to a trace (bench:explain) and ranks the same with one", async () => {
    const query = "What was Acme's capex in FY2022?";
    const steps: string[] = [];
    let traced: { terms: string[]; named: string[] } | null = null;
    let final = new Map<string, number>();
    const { results } = await searchWorkspace(app.deps, {
      actor: await app.deps.identity.signIn({ email: alice.email, password: alice.password }),
      workspaceId: ws.id,
      query,
      limit: 10,
      trace: {
        analysis: (a) => (traced = { terms: a.terms.map((t) => t.words.join(" ")), named: [...a.named.keys()] }),
        step: (name, candidates) => {
          steps.push(name);
          final = new Map(candidates.map((c) => [c.hit.passage_id, c.score]));
        },
      },
    });
    expect(steps).toEqual(["legs", "coverage", "proximity", "years", "final"]);
    expect(traced!.terms).toEqual(expect.arrayContaining(["capex", "purchases of property and equipment"]));
    expect(traced!.named).toContain(files["ACME_2022_10K.md"]);
    // The page's score is its best passage's final score (one passage a page here).
    expect(results[0]!.score).toBeCloseTo(final.get(results[0]!.passage_id)!, 6);
    expect(results.map((r) => r.passage_id)).toEqual((await search({ query })).map((h) => h.passage_id));
  });

  it("ranks the filing the question names (company, period) above its look-alikes", async () => {
    for (const [query, want] of [
      ["Globex net sales in 2022", "GLOBEX_2022_10K.md"],
      ["How did Acme's net sales change in FY2021?", "ACME_2021_10K.md"],
      ["ACME 10-K 2022 net sales", "ACME_2022_10K.md"],
    ] as const) {
      expect((await search({ query }))[0]?.file_id, query).toBe(files[want]);
    }
  });

  it("returns each page once, carried by its best passage", async () => {
    const hits = await search({ query: "net sales purchases property equipment fiscal", limit: 20 });
    const pages = hits.map((h) => `${h.file_id}:${h.page}`);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("a question of stop words and instructions alone finds nothing rather than everything", async () => {
    expect(await search({ query: "What is the answer? Please explain why." })).toEqual([]);
  });
});

/**
 * Files named like scans: what each document is comes from its content (its profile), shown in
 * the files list and matched when a question names a document by what it is.
 */
describe("document profiles", () => {
  let room: { id: string };
  const scans: Record<string, string> = {};
  /** A two-page letter: who and when on the first page, the buyback and who signed it on the second. */
  const letter = (year: number, buyback: string) =>
    Buffer.from(
      makePdf([
        [
          { text: "Initech Inc.", x: 72, y: 720 },
          { text: "To the Shareholders of Initech Inc.:", x: 72, y: 690 },
          { text: `This letter reviews ${year}. In ${year} we kept our promises.`, x: 72, y: 660 },
        ],
        [
          { text: buyback, x: 72, y: 720 },
          { text: "February 24, 2020", x: 72, y: 600 },
          { text: "Jane Q. Smith", x: 300, y: 600 },
          { text: "Chairman of the Board", x: 300, y: 585 },
        ],
      ]),
    );

  beforeAll(async () => {
    room = await createWorkspace(app, alice.token);
    const docs: Record<string, Buffer> = {
      // The 2018 letter's buyback page matches the question's words better.
      "scan0041.pdf": letter(2018, "We repurchased shares worth $2 billion; shares repurchased were retired."),
      "scan0042.pdf": letter(2019, "We repurchased shares worth $5 billion."),
    };
    for (const [filename, bytes] of Object.entries(docs)) {
      scans[filename] = (
        await uploadFile(app, alice.token, room.id, { filename, bytes, contentType: "application/pdf" })
      ).id;
    }
    await drainQueue(app.deps, { limits: { ocrPdfPages: false } });
  }, 120_000);

  it("lists what each file is, read from its content", async () => {
    const res = await app.api(filesApi.listFiles, { params: { id: room.id }, query: {}, token: alice.token });
    const byName = new Map(res.body.files.map((f) => [f.filename, f.document]));
    expect(byName.get("scan0042.pdf")).toEqual({
      // Signed on its last page.
      title: "Letter to the shareholders of Initech Inc. from Jane Q. Smith",
      kind: "shareholder letter",
      issuer: "Initech Inc.",
      period: "2019",
      form: null,
    });
    expect(byName.get("scan0041.pdf")?.period).toBe("2018");
  });

  it("finds the document a question names by what it is, not by its file name", async () => {
    const res = await app.api(searchApi.searchWorkspace, {
      params: { id: room.id },
      token: alice.token,
      body: { query: "How many shares did Initech repurchase, per its 2019 shareholder letter?" },
    });
    const at = (file: string) => res.body.results.findIndex((r) => r.file_id === scans[file] && r.page === 2);
    expect(res.body.results[0]?.file_id).toBe(scans["scan0042.pdf"]);
    expect(at("scan0042.pdf")).toBeGreaterThanOrEqual(0);
    expect(at("scan0042.pdf")).toBeLessThan(at("scan0041.pdf"));
  });
});

/**
 * A table of contents holds every word of many questions and answers none: marked at index time
 * (backend/search/listing.ts), it ranks below the page it points at.
 */
describe("listing pages", () => {
  let room: { id: string };
  let fileId: string;

  beforeAll(async () => {
    room = await createWorkspace(app, alice.token);
    const contents = [
      "Contents",
      "Letter to the shareholders 2",
      "Buybacks and distributions 2",
      "Insurance float 3",
      "Railroad earnings 4",
      "Energy business earnings 5",
      "Annual meeting 6",
    ].map((text, i) => ({ text, x: 72, y: 720 - i * 20 }));
    const answer = [
      "Letter to the shareholders",
      "This year we again bought back a meaningful part of the company from partners who wished to sell.",
      "Our board and management believe that the business is worth more than its market price, and we act on it.",
      "Our buybacks came to $27 billion during the year, reducing the count outstanding by about 5 percent.",
      "We made no distributions, as has been our practice for decades, and we expect that to continue for years.",
    ].map((text, i) => ({ text, x: 72, y: 720 - i * 20, size: 9 }));
    const bytes = Buffer.from(makePdf([contents, answer]));
    fileId = (
      await uploadFile(app, alice.token, room.id, { filename: "report.pdf", bytes, contentType: "application/pdf" })
    ).id;
    await drainQueue(app.deps, { limits: { ocrPdfPages: false } });
  }, 120_000);

  it("ranks the page that answers above the contents page that names it", async () => {
    const res = await app.api(searchApi.searchWorkspace, {
      params: { id: room.id },
      token: alice.token,
      body: { query: "How much went to buybacks and distributions?" },
    });
    const pages = res.body.results.filter((r) => r.file_id === fileId).map((r) => r.page);
    expect(pages.slice(0, 2)).toEqual([2, 1]);
  });
});

/**
 * A name the question writes ("the Council of State") is searched as a phrase too: the page that
 * holds it outranks one that holds its words more often, apart (analyze-query's namePhrases).
 */
describe("names as phrases", () => {
  let room: { id: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    room = await createWorkspace(app, alice.token);
    const docs: Record<string, string> = {
      "chapter-9.md": "# Chapter nine\n\nThe Council of State advises the President; its members sit for four years.\n",
      "budget-notes.md":
        "# Budget notes\n\nThe state budget council sits each month; its members sit with state officials.\n",
    };
    for (const [filename, text] of Object.entries(docs)) {
      ids[filename] = (
        await uploadFile(app, alice.token, room.id, {
          filename,
          bytes: Buffer.from(text),
          contentType: "text/markdown",
        })
      ).id;
    }
    await drainQueue(app.deps);
  }, 120_000);

  it("ranks the page holding the name above one holding its words apart", async () => {
    const res = await app.api(searchApi.searchWorkspace, {
      params: { id: room.id },
      token: alice.token,
      body: { query: "Who sits on the Council of State?" },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.file_id)).toEqual([ids["chapter-9.md"], ids["budget-notes.md"]]);
  });
});
