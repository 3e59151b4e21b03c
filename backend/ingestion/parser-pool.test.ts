import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ParserPool } from "./parser-pool.ts";
import { makePdf } from "../../tests/helpers/documents/make-pdf.ts";

// Real workers (each boot takes a second or more on a loaded 2-core box): reuse, replacement after
// N files or a failure, and the cap on workers running at once.
let dir: string;
let pool: ParserPool | null = null;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "parser-pool-"));
});
afterEach(async () => {
  await pool?.close();
  pool = null;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdf(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, makePdf([[{ text, x: 72, y: 700 }]]));
  return path;
}

const newPool = (o: Partial<ConstructorParameters<typeof ParserPool>[0]> = {}) =>
  (pool = new ParserPool({ size: 1, maxHeapMb: 256, filesPerWorker: 100, idleMs: 60_000, ...o }));
const request = (path: string) => ({ path, fileVersionId: "v", options: {} });

describe("ParserPool", () => {
  it("reuses a worker, and replaces it after filesPerWorker files", async () => {
    const p = newPool({ filesPerWorker: 2 });
    const texts: string[] = [];
    for (const t of ["Alpha revenue", "Beta margin", "Gamma cash"]) {
      const { document } = await p.parse(request(await pdf(`${t}.pdf`, t)), 20_000);
      texts.push(document.pages[0].text);
    }
    expect(texts).toEqual(["Alpha revenue", "Beta margin", "Gamma cash"]);
    expect(p.started).toBe(2);
  });

  it("replaces a worker after a failed file, and the next file parses", async () => {
    const p = newPool();
    const junk = join(dir, "junk.pdf");
    await writeFile(junk, "%PDF-1.7\n" + "\u0000garbage".repeat(1000));
    await expect(p.parse(request(junk), 20_000)).rejects.toMatchObject({ name: "ParseError", reason: "corrupt" });
    const { document } = await p.parse(request(await pdf("ok.pdf", "Net income 42")), 20_000);
    expect(document.pages[0].text).toBe("Net income 42");
    expect(p.started).toBe(2);
  });

  it("a timeout ends only that file's worker", async () => {
    const p = newPool();
    await expect(p.parse(request(await pdf("slow.pdf", "slow")), 1)).rejects.toMatchObject({ reason: "timeout" });
    const { passages } = await p.parse(request(await pdf("fine.pdf", "Operating lease")), 20_000);
    expect(passages[0].text).toBe("Operating lease");
  });

  it("runs at most `size` workers; the other requests wait their turn", async () => {
    const p = newPool({ size: 2 });
    const paths = await Promise.all(["a", "b", "c", "d", "e"].map((t) => pdf(`${t}.pdf`, `Page ${t}`)));
    const results = await Promise.all(paths.map((path) => p.parse(request(path), 30_000)));
    expect(results.map((r) => r.document.pages[0].text)).toEqual(["Page a", "Page b", "Page c", "Page d", "Page e"]);
    expect(p.started).toBe(2);
  });

  it("sends page text without spans; the passages keep their boxes", async () => {
    const { document, passages } = await newPool().parse(request(await pdf("boxes.pdf", "Total assets")), 20_000);
    expect(document.pages[0].spans).toBeUndefined();
    expect(passages[0].boxes).toHaveLength(1);
  });

  it("replaces U+0000 (which PostgreSQL refuses) with a space, keeping offsets", async () => {
    const path = join(dir, "nul.txt");
    // Past the first 8 KB, where the binary sniffing looks.
    await writeFile(path, `${"Plain words here.\n".repeat(600)}Net\u0000income 42\n`);
    const { document, passages } = await newPool().parse(request(path), 20_000);
    const text = document.pages.map((p) => p.text).join("\n");
    expect(text).not.toContain("\u0000");
    expect(text).toContain("Net income 42");
    for (const p of passages)
      expect(document.pages.find((pg) => pg.page === p.page)!.text.slice(p.start, p.end)).toBe(p.text);
  });

  it("a used worker that runs out of memory gets the file once more in a fresh worker", async () => {
    const p = newPool({ maxHeapMb: 64 });
    await p.parse(request(await pdf("first.pdf", "First file")), 20_000);
    expect(p.started).toBe(1);
    const big = join(dir, "big.csv");
    await writeFile(big, "a,b\n" + "1234567890,abcdefghij\n".repeat(1_500_000));
    await expect(p.parse(request(big), 60_000)).rejects.toMatchObject({ reason: "out-of-memory" });
    // The worn worker, then a fresh one for the second try; a fresh worker's failure is final.
    expect(p.started).toBe(2);
    await expect(p.parse(request(big), 60_000)).rejects.toMatchObject({ reason: "out-of-memory" });
    expect(p.started).toBe(3);
  });
});
