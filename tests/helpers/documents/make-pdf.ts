/** Writes small PDFs by hand for tests: each page a list of text runs at given positions. */
export interface FixtureRun {
  text: string;
  x: number;
  /** Baseline from the bottom of the page, in points (PDF space). */
  y: number;
  size?: number;
}

export interface FixtureOptions {
  pageSize?: [number, number];
  /** Adds an /Encrypt dictionary whose password check fails: pdf.js asks for a password. */
  encrypted?: boolean;
}

export function makePdf(pages: FixtureRun[][], options: FixtureOptions = {}): Uint8Array {
  const [w, h] = options.pageSize ?? [612, 792];
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(" ");
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  for (const [i, runs] of pages.entries()) {
    const stream = runs.map((r) => `BT /F1 ${r.size ?? 12} Tf ${r.x} ${r.y} Td (${escape(r.text)}) Tj ET`).join("\n");
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let encryptRef = "";
  if (options.encrypted) {
    const o = "1".repeat(64);
    const u = "2".repeat(64);
    add(`<< /Filter /Standard /V 1 /R 2 /O <${o}> /U <${u}> /P -44 >>`);
    encryptRef = ` /Encrypt ${objects.length} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]`;
  }
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encryptRef} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

function escape(s: string): string {
  return s.replace(/[\\()]/g, (c) => `\\${c}`);
}
