import { afterAll, afterEach } from "vitest";
import { assertNoUnexpected, forgetFakes } from "./fake-guard.ts";

// Registered before each file's own hooks, so these after-hooks run after theirs (Vitest runs them as a stack).
afterEach(() => assertNoUnexpected());
afterAll(() => {
  try {
    assertNoUnexpected();
  } finally {
    forgetFakes();
  }
});
