import { afterEach, expect, test, vi } from "vitest";

afterEach(async () => {
  vi.unstubAllGlobals();
  const { z } = await import("zod");
  z.config({ jitless: false });
});

test("in the browser, the module turns zod's shared config jitless without importing zod", async () => {
  vi.stubGlobal("document", {});
  await import("./zod-jitless.ts");
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
});
