import { describe, expect, it } from "vitest";
import { shareMeta } from "./share-meta.ts";

const base = {
  productName: "Analyst",
  workspaceName: "Q3 credit review",
  threadName: null,
  description: "",
  firstQuestion: null,
  discoverable: true,
};
const content = (meta: ReturnType<typeof shareMeta>, key: string) =>
  meta.find((m) => ("property" in m && m.property === key) || ("name" in m && m.name === key)) as
    { content: string } | undefined;

describe("shareMeta", () => {
  it("previews a Pod by its name and description", () => {
    const meta = shareMeta({ ...base, description: "Covenants and headroom." });
    expect(meta[0]).toEqual({ title: "Q3 credit review | Analyst" });
    expect(content(meta, "og:title")?.content).toBe("Q3 credit review | Analyst");
    expect(content(meta, "og:description")?.content).toBe("Covenants and headroom.");
    expect(content(meta, "og:type")?.content).toBe("website");
    expect(content(meta, "twitter:card")).toBeDefined();
    expect(content(meta, "robots")).toBeUndefined();
  });

  it("previews a thread by its name and, without a description, its first question", () => {
    const meta = shareMeta({ ...base, threadName: "Headroom", firstQuestion: "  How much\nheadroom is left? " });
    expect(content(meta, "og:title")?.content).toBe("Headroom - Q3 credit review | Analyst");
    expect(content(meta, "og:description")?.content).toBe("How much headroom is left?");
  });

  it("says what it is when there is nothing else, and cuts long text at a word", () => {
    expect(content(shareMeta(base), "description")?.content).toMatch(/^A published Pod/);
    const long = shareMeta({ ...base, description: "word ".repeat(100) });
    const d = content(long, "og:description")!.content;
    expect(d.length).toBeLessThanOrEqual(200);
    expect(d).toMatch(/word…$/);
  });

  it("asks search engines not to index a snapshot that is not listed", () => {
    expect(content(shareMeta({ ...base, discoverable: false }), "robots")?.content).toBe("noindex");
  });
});
