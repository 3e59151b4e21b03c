/**
 * Reads a filing's index page (`…/<accession>-index.html`): its form, dates and the documents of
 * its "Document Format Files" table, in the table's order (the primary document first).
 */
export interface FilingIndex {
  form: string | null;
  filedAt: string | null;
  period: string | null;
  documents: { name: string; type: string; description: string }[];
}

const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

function info(html: string, head: string): string | null {
  const m = new RegExp(`<div class="infoHead">${head}</div>\\s*<div class="info">([^<]*)</div>`, "i").exec(html);
  return m ? m[1]!.trim() || null : null;
}

export function parseFilingIndex(html: string): FilingIndex {
  const form = /<div id="formName">\s*<strong>Form ([^<]+)<\/strong>/i.exec(html)?.[1]?.trim() ?? null;
  const table = /<table class="tableFile" summary="Document Format Files">([\s\S]*?)<\/table>/i.exec(html)?.[1] ?? "";
  const documents: FilingIndex["documents"] = [];
  for (const tr of table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...tr[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) => c[1]!);
    if (cells.length < 4) continue;
    const href = /href="([^"]+)"/i.exec(cells[2]!)?.[1] ?? "";
    const name = href.split("/").pop() ?? "";
    const type = text(cells[3]!);
    // The complete submission .txt has no type: it is not a document of the filing.
    if (!name || !type) continue;
    documents.push({ name, type, description: text(cells[1]!) });
  }
  return { form, filedAt: info(html, "Filing Date"), period: info(html, "Period of Report"), documents };
}
