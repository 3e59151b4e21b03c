const FILLER = /^(please|can you|could you|would you|i want you to|i'd like you to|help me|tell me|show me)\s+/i;

/**
 * A short title from a question when no language model is configured: the first sentence,
 * polite filler removed, capitalised, cut at a word boundary to 60 characters.
 */
export function titleFromQuery(query: string, max = 60): string {
  let s = query.replace(/\s+/g, " ").trim();
  s = s.split(/(?<=[.?!])\s/)[0] ?? s;
  for (let i = 0; i < 3 && FILLER.test(s); i++) s = s.replace(FILLER, "");
  s = s.replace(/[.?!,;:\s]+$/, "");
  if (s.length > max) {
    const cut = s.slice(0, max + 1);
    const at = cut.lastIndexOf(" ");
    s = `${(at > max / 2 ? cut.slice(0, at) : s.slice(0, max)).replace(/[.,;:\s]+$/, "")}…`;
  }
  return s ? s[0].toUpperCase() + s.slice(1) : "Untitled";
}
