/** True when a name has a path separator or a control character (U+0000-U+001F, U+007F). */
export function hasUnsafeFilenameChars(name: string): boolean {
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    if (ch === "/" || ch === "\\" || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Replaces what hasUnsafeFilenameChars refuses with "_" and trims to 255 characters. */
export function sanitizeFilename(name: string, fallback = "file"): string {
  const clean = Array.from(name, (ch) => (hasUnsafeFilenameChars(ch) ? "_" : ch))
    .join("")
    .trim()
    .slice(0, 255);
  return clean || fallback;
}
