import { describe, expect, it } from "vitest";
import { citationSteps } from "./citation-steps.ts";

const c = (n: number, version_id: string, page: number, quote: string) => ({ n, version_id, page, quote });

describe("citationSteps", () => {
  const all = [c(1, "v1", 3, "alpha"), c(2, "v1", 5, "beta"), c(1, "v1", 3, "alpha"), c(1, "v2", 3, "alpha")];

  it("keeps each cited spot once, in order, and finds the open one", () => {
    const { steps, index } = citationSteps(all, { version_id: "v1", page: 5, quote: "beta" });
    expect(steps.map((s) => `${s.version_id}:${s.page}:${s.quote}`)).toEqual(["v1:3:alpha", "v1:5:beta", "v2:3:alpha"]);
    expect(index).toBe(1);
  });

  it("is -1 for a file opened without a quote or a spot that is not among them", () => {
    expect(citationSteps(all, { version_id: "v1", page: 3, quote: null }).index).toBe(-1);
    expect(citationSteps(all, { version_id: "v1", page: 4, quote: "alpha" }).index).toBe(-1);
  });
});
