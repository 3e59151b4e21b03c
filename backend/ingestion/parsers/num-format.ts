/**
 * A number as Excel shows it under a cell's number format (`"$"#,##0.00_);[Red]("$"#,##0.00)`,
 * `0.00%`, `#,##0.00 "€"`): what a reader of the workbook sees, and what an answer should quote,
 * rather than the stored double (`221878.12500000003`, `0.0525`). Covers the formats workbooks
 * use for amounts, percentages and counts; a format it does not know (fractions, scientific,
 * conditions, dates stored as numbers) falls back to Excel's General.
 */

/** Excel's General: at most 15 significant digits, so binary noise never shows. */
export function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

export function formatNumber(value: number, numFmt: string | undefined | null): string {
  const fmt = numFmt?.trim();
  if (!fmt || /^general$/i.test(fmt) || !Number.isFinite(value)) return formatGeneral(value);
  const sections = splitSections(fmt);
  let section = sections[0]!;
  let v = value;
  let sign = "";
  if (value < 0 && sections.length > 1) {
    section = sections[1]!;
    v = -value;
  } else if (value === 0 && sections.length > 2) {
    section = sections[2]!;
  } else if (value < 0) {
    sign = "-";
    v = -value;
  }
  const out = render(section, v);
  return out === null ? formatGeneral(value) : sign && /[1-9]/.test(out) ? `${sign}${out}` : out;
}

/** The format's sections (positive; negative; zero; text), split outside quotes. */
function splitSections(fmt: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < fmt.length; i++) {
    const ch = fmt[i]!;
    if (ch === '"') quoted = !quoted;
    if (ch === "\\" && !quoted) {
      cur += ch + (fmt[++i] ?? "");
      continue;
    }
    if (ch === ";" && !quoted) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

const PLACEHOLDER = /[0#?]/;

/** One section applied to a non-negative value, or null when the section is beyond this formatter. */
function render(section: string, value: number): string | null {
  let out = "";
  let pattern = "";
  let slot = -1;
  let percent = 0;
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const close = section.indexOf('"', i + 1);
      if (close < 0) return null;
      out += section.slice(i + 1, close);
      i = close;
    } else if (ch === "\\") {
      out += section[++i] ?? "";
    } else if (ch === "_" || ch === "*") {
      i++; // padding to a character's width, or a fill: nothing to show in text
    } else if (ch === "[") {
      const close = section.indexOf("]", i);
      if (close < 0) return null;
      const tag = section.slice(i + 1, close);
      if (/^[<>=]/.test(tag)) return null;
      // [$€-407]: a currency symbol and a locale; [Red], [Color 10], [$-409]: nothing shown.
      if (tag.startsWith("$")) out += tag.slice(1).split("-")[0];
      i = close;
    } else if (PLACEHOLDER.test(ch) || ((ch === "," || ch === ".") && slot < 0 && pattern === "")) {
      if (slot >= 0) return null; // a second number (fraction, exponent): not ours
      let j = i;
      while (j < section.length && /[0#?,.]/.test(section[j]!)) j++;
      pattern = section.slice(i, j);
      if (!PLACEHOLDER.test(pattern)) {
        out += pattern;
        pattern = "";
      } else slot = out.length;
      i = j - 1;
    } else if (ch === "%") {
      percent++;
      out += "%";
    } else if (/[yYmMdDhHsSeE/@]/.test(ch)) {
      return null; // a date, time, scientific, fraction or text format
    } else {
      out += ch;
    }
  }
  if (slot < 0) return out || null;
  return (out.slice(0, slot) + digits(pattern, value * 100 ** percent) + out.slice(slot)).trim();
}

/** The number under a pattern like `#,##0.00`, `0%`'s `0`, or `#,##0,,` (in millions). */
function digits(pattern: string, value: number): string {
  let scaled = value;
  let p = pattern;
  while (p.endsWith(",")) {
    scaled /= 1000;
    p = p.slice(0, -1);
  }
  const [intPattern = "", decPattern = ""] = p.split(".");
  const minDec = (decPattern.match(/0/g) ?? []).length;
  const maxDec = (decPattern.match(/[0#?]/g) ?? []).length;
  const minInt = (intPattern.match(/0/g) ?? []).length;
  let [int = "", dec = ""] = significant(Number(scaled.toPrecision(15)).toFixed(Math.min(maxDec, 100))).split(".");
  while (dec.length > minDec && dec.endsWith("0")) dec = dec.slice(0, -1);
  if (int === "0" && minInt === 0) int = "";
  int = int.padStart(minInt, "0");
  if (intPattern.includes(",")) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return dec ? `${int}.${dec}` : int;
}

/** Digits past the 15th significant one as zeros, as Excel shows them (not the double's binary tail). */
function significant(fixed: string): string {
  let seen = 0;
  return fixed.replace(/\d/g, (d) => {
    if (seen === 0 && d === "0") return d;
    return ++seen > 15 ? "0" : d;
  });
}
