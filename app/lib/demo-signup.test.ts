import { describe, expect, it } from "vitest";
import { DEMO_STATE_EXPIRY_MS, readDemoSignup, saveDemoSignup } from "./demo-signup.ts";

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe("demo sign-up state", () => {
  it("is stored under both keys and expires after five minutes", () => {
    const s = memoryStorage();
    saveDemoSignup("Build a model", { createWorkspaceOnLoad: true }, s, 1000);
    expect(s.getItem("demo-signup")).toBe(s.getItem("demoSignupState"));
    expect(readDemoSignup(s, 1000 + DEMO_STATE_EXPIRY_MS)?.sampleQuery).toBe("Build a model");
    expect(readDemoSignup(s, 1001 + DEMO_STATE_EXPIRY_MS)).toBeNull();
    expect(s.length).toBe(0);
  });
});
