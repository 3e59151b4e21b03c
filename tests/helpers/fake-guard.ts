/**
 * Every local fake of an outside service (fake-http.ts, fake-openai.ts) registers what it did not
 * expect here; vitest-setup.ts checks after each test and at the end of each file, so a stray
 * request fails the test without the test asking. Kept free of Vitest imports: Playwright's
 * fixtures start the same fakes.
 */
interface Guarded {
  name: string;
  unexpected: readonly string[];
  /** How many of `unexpected` were already reported. */
  seen: number;
}

// On globalThis: the setup file and the test file must see one registry whatever module graph loads them.
const KEY = Symbol.for("analyst-workspace.test-fakes");
const registry = (): Set<Guarded> => ((globalThis as { [KEY]?: Set<Guarded> })[KEY] ??= new Set());

/** Watches a fake's list of unexpected requests (the fake keeps appending to it). */
export function guardFake(name: string, unexpected: readonly string[]): void {
  registry().add({ name, unexpected, seen: 0 });
}

/** Throws with every unexpected request any fake got since the last check. */
export function assertNoUnexpected(): void {
  const found: string[] = [];
  for (const g of registry()) {
    for (const line of g.unexpected.slice(g.seen)) found.push(`${g.name}: ${line}`);
    g.seen = g.unexpected.length;
  }
  if (found.length) throw new Error(`A fake server got requests it did not expect:\n  ${found.join("\n  ")}`);
}

/** Stops watching every fake (end of a test file). */
export function forgetFakes(): void {
  registry().clear();
}
