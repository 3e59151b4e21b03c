/**
 * OCR accuracy on the SROIE receipts: `npm run bench:ocr`. Runs the image parser on img/* and
 * checks the ground-truth key fields (company, date, address, total) against the OCR text.
 * exact: the field appears verbatim in the text; normalized: after uppercasing and dropping all
 * but letters and digits (so "25/12/2018" matches "25-12-2018" and spacing differences vanish).
 */
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseFile } from "../backend/ingestion/parse-file.ts";
import { closeOcr } from "../backend/ingestion/parsers/ocr.ts";

const root = join(process.env.SHARED_DATA_DIR ?? resolve("../shared/data"), "receipts_sroie");
const fields = ["company", "date", "address", "total"] as const;
const normalize = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

const images = (await readdir(join(root, "img"))).filter((f) => /\.(jpe?g|png|tiff?|webp)$/i.test(f)).sort();
const exact = Object.fromEntries(fields.map((f) => [f, 0])) as Record<(typeof fields)[number], number>;
const normalized = { ...exact };
const started = Date.now();
for (const image of images) {
  const key = JSON.parse(await readFile(join(root, "key", image.replace(/\.[^.]+$/, ".json")), "utf8")) as Record<
    string,
    string
  >;
  const doc = await parseFile(join(root, "img", image));
  const text = doc.pages.map((p) => p.text).join("\n");
  const flat = normalize(text);
  const misses: string[] = [];
  for (const field of fields) {
    const truth = key[field] ?? "";
    if (text.toUpperCase().includes(truth.toUpperCase())) exact[field]++;
    if (normalize(truth) && flat.includes(normalize(truth))) normalized[field]++;
    else misses.push(`${field}=${JSON.stringify(truth)}`);
  }
  console.log(`${image}: ${misses.length ? `missed ${misses.join(", ")}` : "all fields found"}`);
}
await closeOcr();
const pct = (n: number) => `${((100 * n) / images.length).toFixed(0)}%`.padStart(5);
console.log(`\n${images.length} receipts, ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log("field     exact  normalized");
for (const f of fields) console.log(`${f.padEnd(9)} ${pct(exact[f])}  ${pct(normalized[f])}`);
const all = fields.reduce((s, f) => s + normalized[f], 0);
console.log(`overall   ${pct(fields.reduce((s, f) => s + exact[f], 0) / fields.length)}  ${pct(all / fields.length)}`);
