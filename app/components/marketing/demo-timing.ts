/** Section 9: 10-30 ms per character, an extra 80 ms after every tenth, cursor blink 400/600 ms. */
export const DEMO_TYPING = {
  minCharMs: 10,
  maxCharMs: 30,
  pauseEvery: 10,
  pauseMs: 80,
  blinkTypingMs: 400,
  blinkDoneMs: 600,
};

export const DEMO_PROMPT =
  "Build a three-statement financial model (income statement, balance sheet and cash flow) for a public software company from 2023 to 2030, with sample data.";

/** The delay before character `index` (0-based) appears. */
export function charDelay(index: number, random: () => number = Math.random): number {
  const base = DEMO_TYPING.minCharMs + random() * (DEMO_TYPING.maxCharMs - DEMO_TYPING.minCharMs);
  return index > 0 && index % DEMO_TYPING.pauseEvery === 0 ? base + DEMO_TYPING.pauseMs : base;
}
