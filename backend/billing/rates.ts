/*
 * THE one place metered usage becomes credits (issue 15). Everything that charges credits asks
 * here; nothing else knows what a credit is worth.
 *
 * - 1 credit = $0.001 of metered compute (CREDIT_USD).
 * - An answer costs the sum of its model calls' cost (usage_events.cost_usd, priced by the LLM
 *   provider from LLM_PRICE_*_PER_MTOK), rounded UP to a whole credit once per answer (not per
 *   call, so ten small calls don't cost ten credits).
 * - A call without a known cost (no price configured) is priced by its tokens at FALLBACK_*: a
 *   deliberately conservative list price, so an unpriced deployment never gives compute away.
 * - A search-mode answer (no model call) costs SEARCH_ANSWER_CREDITS: one credit, the full-text
 *   search and citing it runs are cheap but not free, and a user without credits should not get
 *   unlimited answers of any kind.
 * - Indexing costs INDEXING_USD_PER_PAGE per parsed page, rounded up per file version.
 * - An answer holds ANSWER_HOLD_CREDITS (search mode: SEARCH_ANSWER_CREDITS) while it runs: the
 *   least a user must have to ask. Its final charge may be larger than the hold; it is capped at
 *   the balance (backend/billing/charges.ts), so a balance never goes below zero.
 */

export const CREDIT_USD = 0.001;
/** USD per million tokens for a call whose model has no configured price. */
export const FALLBACK_INPUT_USD_PER_MTOK = 5;
export const FALLBACK_OUTPUT_USD_PER_MTOK = 15;
export const SEARCH_ANSWER_CREDITS = 1;
export const ANSWER_HOLD_CREDITS = 20;
export const INDEXING_USD_PER_PAGE = 0.0002;

export interface MeteredCall {
  inputTokens: number;
  outputTokens: number;
  /** What the provider priced the call at; null when no price is configured. */
  costUsd: number | null;
}

/** A call's cost in USD: its metered cost, else its tokens at the fallback price. */
export function callUsd(call: MeteredCall): number {
  if (call.costUsd !== null && Number.isFinite(call.costUsd)) return Math.max(0, call.costUsd);
  return (
    (Math.max(0, call.inputTokens) * FALLBACK_INPUT_USD_PER_MTOK +
      Math.max(0, call.outputTokens) * FALLBACK_OUTPUT_USD_PER_MTOK) /
    1e6
  );
}

/** Credits for an amount of USD, rounded up (a fraction of a credit costs a credit). */
export function usdToCredits(usd: number): number {
  if (usd <= 0) return 0;
  // Rounding guard: 0.003 / 0.001 is 3.0000000000000004 in floating point, not 4 credits.
  return Math.ceil(Math.round((usd / CREDIT_USD) * 1e6) / 1e6);
}

/** What an answer costs: its calls' USD summed, in credits rounded up; search mode's fixed charge. */
export function answerCharge(o: { searchMode: boolean; calls: MeteredCall[] }): { credits: number; usd: number } {
  const usd = o.calls.reduce((sum, c) => sum + callUsd(c), 0);
  if (o.searchMode && o.calls.length === 0) return { credits: SEARCH_ANSWER_CREDITS, usd: 0 };
  return { credits: usdToCredits(usd), usd: roundUsd(usd) };
}

/** What an answer reserves while it runs, and the least a user must have to ask. */
export function answerHold(o: { searchMode: boolean }): number {
  return o.searchMode ? SEARCH_ANSWER_CREDITS : ANSWER_HOLD_CREDITS;
}

/** What indexing a file version of `pages` pages costs. */
export function indexingCharge(pages: number): { credits: number; usd: number } {
  const usd = Math.max(0, pages) * INDEXING_USD_PER_PAGE;
  return { credits: usdToCredits(usd), usd: roundUsd(usd) };
}

/** To a millionth of a dollar, as the LLM provider rounds a call's cost. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}
