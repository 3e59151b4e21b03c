import { defineConfig } from "@playwright/test";

/**
 * Journeys in the system's Chromium (never a downloaded browser). Each worker starts its own
 * app server and SMTP sink (tests/e2e/support/fixtures.ts); `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: "list",
  use: {
    // Recording a trace of every test (to keep only the failures') costs a share of the CPU on a
    // 2-core CI; a failure still prints its error and page snapshot. PW_TRACE=retain-on-failure
    // turns it back on for debugging.
    trace: (process.env.PW_TRACE as "retain-on-failure" | undefined) ?? "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
