import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

/**
 * axe-core in the page, for accessibility checks. It is Lighthouse's own copy (a dev dependency
 * already in the tree), evaluated through the DevTools protocol rather than added as a <script>,
 * so the app's Content-Security-Policy stays as strict as it is for users.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One line per violation and node: rule, impact, element, and what axe says to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? "?"}) ${n.target.join(" ")}: ${n.failureSummary ?? v.help}`),
  );
}
