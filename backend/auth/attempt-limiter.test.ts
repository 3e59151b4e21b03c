import { describe, expect, it } from "vitest";
import { createAttemptLimiter } from "./attempt-limiter.ts";

describe("createAttemptLimiter", () => {
  it("refuses once max attempts fall inside the window, and forgets them after it", () => {
    let t = 0;
    const limiter = createAttemptLimiter({ max: 3, windowMs: 1000, now: () => t });
    for (let i = 0; i < 3; i++) {
      limiter.check("a@x.com");
      limiter.record("a@x.com");
    }
    expect(() => limiter.check("a@x.com")).toThrow(expect.objectContaining({ code: "auth/too-many-requests", status: 429 }));
    limiter.check("b@x.com"); // other keys are unaffected
    t = 1001;
    expect(() => limiter.check("a@x.com")).not.toThrow();
  });

  it("reset clears a key", () => {
    const limiter = createAttemptLimiter({ max: 1, windowMs: 60_000 });
    limiter.record("k");
    expect(() => limiter.check("k")).toThrow();
    limiter.reset("k");
    expect(() => limiter.check("k")).not.toThrow();
  });
});
