import { structuredPatch } from "diff";

export interface TextDiffLine {
  type: "added" | "removed" | "unchanged";
  /** 1-indexed line in the old text (removed and unchanged lines). */
  oldLine?: number;
  /** 1-indexed line in the new text (added and unchanged lines). */
  newLine?: number;
  text: string;
}

export interface TextDiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: TextDiffLine[];
}

export interface TextDiffResult {
  hunks: TextDiffHunk[];
  added: number;
  removed: number;
  identical: boolean;
}

export interface TextDiffOptions {
  /** Unchanged lines kept around each change; default 3. `Infinity` gives one hunk with the whole text. */
  context?: number;
  /** Each text's limit; default 5 MB. */
  maxChars?: number;
  /** Give up on texts so different that the diff would take longer (ms); default 5000. */
  timeoutMs?: number;
}

export type TextDiffErrorCode = "diff/too-large";

export class TextDiffError extends Error {
  readonly code: TextDiffErrorCode;
  constructor(code: TextDiffErrorCode, message: string) {
    super(message);
    this.name = "TextDiffError";
    this.code = code;
  }
}

/**
 * A line diff between two versions of a document's text, as hunks of added, removed and unchanged
 * lines with their line numbers on both sides (jsdiff's Myers diff). Windows line ends compare
 * equal to Unix ones, and a missing newline at the end is no change.
 */
export function textDiff(before: string, after: string, options: TextDiffOptions = {}): TextDiffResult {
  const maxChars = options.maxChars ?? 5_000_000;
  for (const [side, text] of [
    ["old", before],
    ["new", after],
  ] as const) {
    if (text.length > maxChars)
      throw new TextDiffError(
        "diff/too-large",
        `The ${side} text has ${text.length} characters; the limit is ${maxChars}.`,
      );
  }
  const a = lines(before);
  const b = lines(after);
  if (a === b) return { hunks: [], added: 0, removed: 0, identical: true };
  const patch = structuredPatch("before", "after", a, b, undefined, undefined, {
    context: options.context ?? 3,
    timeout: options.timeoutMs ?? 5000,
  });
  if (!patch) throw new TextDiffError("diff/too-large", "The two texts are too different to compare in time.");
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((h): TextDiffHunk => {
    let oldLine = h.oldStart;
    let newLine = h.newStart;
    const lines: TextDiffLine[] = [];
    for (const raw of h.lines) {
      const text = raw.slice(1);
      if (raw.startsWith("+")) {
        lines.push({ type: "added", newLine: newLine++, text });
        added++;
      } else if (raw.startsWith("-")) {
        lines.push({ type: "removed", oldLine: oldLine++, text });
        removed++;
      } else if (raw.startsWith(" ")) lines.push({ type: "unchanged", oldLine: oldLine++, newLine: newLine++, text });
      // "\ No newline at end of file" markers carry no line.
    }
    return { oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines };
  });
  return { hunks, added, removed, identical: false };
}

function lines(text: string): string {
  const unix = text.replace(/\r\n/g, "\n");
  return unix === "" || unix.endsWith("\n") ? unix : `${unix}\n`;
}
