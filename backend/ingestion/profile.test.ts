import { describe, expect, it } from "vitest";
import { deriveProfile, profileText, signatoryOf } from "./profile.ts";

describe("deriveProfile", () => {
  it("reads a 10-K's registrant, form and fiscal year from its cover page, whatever the file is called", () => {
    const cover = [
      "UNITED STATES",
      "SECURITIES AND EXCHANGE COMMISSION",
      "FORM 10-K",
      "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
      "For the fiscal year ended December 31, 2022",
      "Commission file number 1-3285",
      "3M COMPANY",
      "State of Incorporation: Delaware",
      "1.500% Notes due 2026",
    ].join("\n");
    const p = deriveProfile({ fileName: "scan0042.pdf", title: "scan0042", pages: [cover, "Item 1. Business"] });
    expect(p).toEqual({
      title: "3M COMPANY Form 10-K",
      kind: "10-K annual report",
      issuer: "3M COMPANY",
      period: "2022",
      form: "10-K",
    });
  });

  it("names the registrant given above 'exact name of registrant'", () => {
    const cover =
      "FORM 10-Q\nQUARTERLY REPORT\nBEST BUY CO., INC.\n(Exact name of registrant as specified in its charter)";
    const p = deriveProfile({ fileName: "q.pdf", title: "q", pages: [cover] });
    expect(p.kind).toBe("10-Q quarterly report");
    expect(p.issuer).toBe("BEST BUY CO., INC.");
  });

  it("recognises a shareholder letter and its year from the text when the first page is a table", () => {
    const table = "Berkshire’s Performance vs. the S&P 500\nYear\n1965 ....\n1966 ....\n2018 ....";
    const letter =
      "BERKSHIRE HATHAWAY INC.\nTo the Shareholders of Berkshire Hathaway Inc.:\nBerkshire earned $81.4 billion in 2019. " +
      "Of that, operating earnings in 2019 were $24 billion; in 2019 we also bought back shares.";
    const p = deriveProfile({ fileName: "2019ltr.pdf", title: "printmgr file", pages: [table, letter] });
    expect(p.kind).toBe("shareholder letter");
    expect(p.issuer).toBe("Berkshire Hathaway Inc.");
    expect(p.period).toBe("2019");
    // The metadata title says nothing, and the first line is the table's: the salutation says what it is.
    expect(p.title).toBe("Letter to the shareholders of Berkshire Hathaway Inc.");
  });

  it("names a letter by who signed it, read from its last pages", () => {
    const pages = [
      "To the Shareholders of Berkshire Hathaway Inc.:\nBerkshire earned $89.8 billion in 2021.",
      "Charlie and I look forward to seeing you.\nFebruary 26, 2022\tWarren E. Buffett\nChairman of the Board\n12",
      "Appendix\nHoward G. Buffett, director",
    ];
    expect(signatoryOf(pages)).toBe("Warren E. Buffett");
    expect(signatoryOf(["No sign-off here.\nChairman of the Board"])).toBeNull();
    const p = deriveProfile({ fileName: "2021ltr.pdf", title: "printmgr file", pages, signatory: signatoryOf(pages) });
    expect(p.title).toBe("Letter to the shareholders of Berkshire Hathaway Inc. from Warren E. Buffett");
  });

  it("takes a letter's year from its own cover, not from the annual report it cites", () => {
    const table = `Berkshire’s Performance vs. the S&P 500\n${Array.from({ length: 54 }, (_, i) => `${1965 + i} . . . . 23.8 10.0`).join("\n")}`;
    const letter =
      "To the Shareholders of Berkshire Hathaway Inc.:\nBerkshire earned $4.0 billion in 2018. As I emphasized in the " +
      "2017 annual report, the rule distorts earnings. In 2018 we bought back shares; 2018 was a good year.";
    const p = deriveProfile({ fileName: "2018ltr.pdf", title: "printmgr file", pages: [table, letter] });
    expect(p.period).toBe("2018");
  });

  it("reads past a release stamp: neither its year nor its act is what the record is", () => {
    const page = [
      "104-10117-10076 | 2025 RELEASE UNDER THE PRESIDENT JOHN F. KENNEDY ASSASSINATION RECORDS ACT OF 1992",
      "~e ° 1",
      "MEMORANDUM FOR THE RECORD",
      "SUBJECT: Meeting with Dr. Miro Cardona on 6 October",
      "Listed below are names designated under Executive Order 10450, dated 27 April 1953.",
      "The meeting took place on 6 October 1961 at the safe house; a second meeting in 1961 was planned.",
    ].join("\n");
    const p = deriveProfile({ fileName: "104-10117-10076_ocr.pdf", title: "104-10117-10076_ocr", pages: [page] });
    // A memo citing an order is no order; its subject line is its title.
    expect(p).toMatchObject({
      title: "Meeting with Dr. Miro Cardona on 6 October",
      kind: "memorandum",
      period: "1961",
    });
  });

  it("joins a title that runs on to the next line, and skips OCR noise before it", () => {
    const page =
      "ve —™ rp ~\nLOGIC-LM: Empowering Large Language Models with\nSymbolic Solvers for Faithful Logical Reasoning\n" +
      "Liangming Pan Alon Albalak\nAbstract\nLarge Language Models have shown ...\n1 Introduction\nReferences";
    const p = deriveProfile({ fileName: "2023.findings-emnlp.248.pdf", title: "", pages: [page] });
    expect(p.title).toBe(
      "LOGIC-LM: Empowering Large Language Models with Symbolic Solvers for Faithful Logical Reasoning",
    );
    expect(p.kind).toBe("research paper");
  });

  it("gives an essay without a title its dateline's year, and its first words as a title", () => {
    const essay =
      "November 2009I don't think Apple realizes how badly the App Store approval process\n" +
      "is broken.  Or rather, I don't think they realize how much it matters\n" +
      "It used to be the most common complaint you heard\nabout Apple in 1995 and in 1995 again.";
    const p = deriveProfile({ fileName: "apple.txt", title: "apple", pages: [essay] });
    expect(p).toMatchObject({
      title: "I don't think Apple realizes how badly the App Store approval process",
      period: "2009",
    });
  });

  it("names a tax form by its number and the name printed beside it", () => {
    const page =
      "Department of the Treasury—Internal Revenue Service\t(99)\n" +
      "Form1040 U.S. Individual Income Tax Return 2021 OMB No. 1545-0074\tIRS Use Only\nFiling Status\tSingle";
    const p = deriveProfile({ fileName: "f1040.pdf", title: "f1040", pages: [page] });
    expect(p).toMatchObject({
      title: "Form 1040 U.S. Individual Income Tax Return 2021",
      kind: "tax form",
      form: "1040",
    });
    const notice =
      "Attention:\nCopy A of this form is provided for informational purposes only. Copy A appears in red,\n" +
      "similar to the official IRS form.\nForm 1099-R\tCopy A\nInternal Revenue Service";
    expect(deriveProfile({ fileName: "f1099r.pdf", title: "", pages: [notice] }).title).toBe("Form 1099-R");
  });

  it("reads a tax form's number, agency and revision year, keeping a meaningful metadata title", () => {
    const page =
      "W-9\nForm\n(Rev. October 2018)\nDepartment of the Treasury\nInternal Revenue Service\nRequest for Taxpayer\nIdentification Number";
    const p = deriveProfile({ fileName: "fw9.pdf", title: "Form W-9 (Rev. October 2018)", pages: [page] });
    expect(p).toEqual({
      title: "Form W-9 (Rev. October 2018)",
      kind: "tax form",
      issuer: "Internal Revenue Service",
      period: "2018",
      form: "W-9",
    });
  });

  it("finds a constitution's country and year", () => {
    const page =
      "PDF generated: 14 Jun 2023, 07:00\nconstituteproject.org\nKenya's Constitution of 2010\nThis complete constitution has been generated from excerpts";
    const p = deriveProfile({ fileName: "doc_17.pdf", title: "doc_17", pages: [page] });
    expect(p).toMatchObject({
      title: "Kenya's Constitution of 2010",
      kind: "constitution",
      issuer: "Kenya",
      period: "2010",
    });
  });

  it("leaves fields it cannot read null rather than guessing", () => {
    const p = deriveProfile({ fileName: "notes.txt", title: "notes", pages: ["ok\n12\n"] });
    expect(p).toEqual({ title: null, kind: null, issuer: null, period: null, form: null });
  });
});

describe("profileText", () => {
  it("adds the words people use for the kind", () => {
    const text = profileText({
      title: null,
      kind: "shareholder letter",
      issuer: "Acme Inc.",
      period: "2019",
      form: null,
    });
    expect(text).toContain("letter");
    expect(text).toContain("Acme Inc.");
    expect(text).toContain("2019");
  });

  it("reads an executive order's number and name, not the Federal Register's header or 'Constitution'", () => {
    const page = [
      "Federal Register / Vol. 90, No. 18 / Wednesday, January 29, 2025 / Presidential Documents\t8361",
      "Presidential Documents",
      "Executive Order 14155 of January 20, 2025",
      "Withdrawing the United States From the World Health Orga-",
      "nization",
      "By the authority vested in me as President by the Constitution and the",
      "laws of the United States of America, it is hereby ordered:",
    ].join("\n");
    const p = deriveProfile({ fileName: "EO_14155_FR-2025-01957.pdf", title: "EO_14155_FR-2025-01957", pages: [page] });
    expect(p.kind).toBe("executive order");
    expect(p.period).toBe("2025");
    expect(p.title).toBe("Executive Order 14155: Withdrawing the United States From the World Health Organization");
    // Another layout: the name beside "The President" in the Title 3 column.
    const column = [
      "Federal Register\tPresidential Documents",
      "Vol. 90, No. 18",
      "Title 3—\tExecutive Order 14156 of January 20, 2025",
      "The President\tDeclaring a National Energy Emergency",
      "By the authority vested in me as President by the Constitution and the",
    ].join("\n");
    expect(deriveProfile({ fileName: "eo.pdf", title: "eo", pages: [column] }).title).toBe(
      "Executive Order 14156: Declaring a National Energy Emergency",
    );
  });

  it("does not take an SEC filing's letterhead in its metadata for its title", () => {
    const cover =
      "UNITED STATES\nSECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\nVerizon Communications Inc.\n(Exact name of registrant as specified in its charter)";
    const p = deriveProfile({
      fileName: "VERIZON_2022_10K.pdf",
      title: "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
      pages: [cover],
    });
    expect(p.title).toBe("Verizon Communications Inc. Form 10-K");
  });
});
