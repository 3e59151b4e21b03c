import { describe, expect, it } from "vitest";
import { adoptDemoQuery, DEMO_STATE_EXPIRY_MS, readDemoSignup, saveDemoSignup, takeDemoStart } from "./demo-signup.ts";

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

  it("is taken once: the query comes back and both keys are gone", () => {
    const s = memoryStorage();
    saveDemoSignup("Build a model", { createWorkspaceOnLoad: true }, s, 1000);
    expect(takeDemoStart(s, 2000)).toBe("Build a model");
    expect(s.length).toBe(0);
    expect(takeDemoStart(s, 2000)).toBeNull();
  });

  it("starts nothing when expired, unreadable or not asking for a workspace, and clears it", () => {
    const s = memoryStorage();
    saveDemoSignup("Build a model", { createWorkspaceOnLoad: true }, s, 1000);
    expect(takeDemoStart(s, 1001 + DEMO_STATE_EXPIRY_MS)).toBeNull();
    saveDemoSignup("Build a model", { createWorkspaceOnLoad: false }, s, 1000);
    expect(takeDemoStart(s, 2000)).toBeNull();
    expect(s.length).toBe(0);
    s.setItem("demo-signup", "{not json");
    expect(takeDemoStart(s, 2000)).toBeNull();
    expect(s.length).toBe(0);
  });

  it("adopts the plain form's query for the landing's own prompt only", () => {
    const s = memoryStorage();
    adoptDemoQuery("?fromDemo=1&sampleQuery=Something+else", "Build a model", s, 1000);
    expect(s.length).toBe(0);
    adoptDemoQuery("?fromDemo=1&sampleQuery=Build+a+model", "Build a model", s, 1000);
    expect(readDemoSignup(s, 1000)).toMatchObject({ sampleQuery: "Build a model", createWorkspaceOnLoad: true });
  });
});
