import { describe, expect, it } from "vitest";
import { rolesOfCopy } from "./cluster.ts";

describe("rolesOfCopy", () => {
  it("keeps background work in the first copy only", () => {
    expect(rolesOfCopy(["web", "api", "worker"], 0)).toEqual(["web", "api", "worker"]);
    expect(rolesOfCopy(["web", "api", "worker"], 1)).toEqual(["web", "api"]);
    expect(rolesOfCopy(["api"], 3)).toEqual(["api"]);
  });
});
