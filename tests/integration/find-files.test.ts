import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFilesEvent, type FindFilesEvent } from "../../contracts/raw-endpoints.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, postMultipart, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
const ids: Record<string, string> = {};

/** POSTs /find_files and parses the NDJSON stream line by line, checking each against the contract. */
async function find(
  token: string | undefined,
  body: unknown,
): Promise<{ status: number; events: FindFilesEvent[]; contentType: string | null }> {
  const res = await fetch(`${app.url}/find_files`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, events: [], contentType: res.headers.get("content-type") };
  const events = text
    .trim()
    .split("\n")
    .map((l) => findFilesEvent.parse(JSON.parse(l)));
  return { status: res.status, events, contentType: res.headers.get("content-type") };
}
const files = (events: FindFilesEvent[]) => events.flatMap((e) => (e.type === "file" ? [e] : []));

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  bob = await createUser(app);
  const deals = await createWorkspace(app, alice.token, { name: "Deals" });
  const research = await createWorkspace(app, alice.token, { name: "Research" });
  const bobs = await createWorkspace(app, bob.token, { name: "Bob's" });
  const up = async (token: string, ws: string, filename: string, text: string) =>
    (ids[filename] = (
      await uploadFile(app, token, ws, { filename, bytes: Buffer.from(text), contentType: "text/plain" })
    ).id);
  await up(alice.token, deals.id, "lighthouse-budget.txt", "Budget lines for the coastal project.\n");
  await up(alice.token, deals.id, "memo.txt", "The lighthouse keeper's contract renews in March.\n");
  await up(alice.token, research.id, "survey.txt", "Survey: lighthouse visitors doubled in 2023.\n");
  await up(bob.token, bobs.id, "bob-lighthouse.txt", "Bob's lighthouse notes.\n");
  const account = await postMultipart(app, "/users/me/files/upload", {
    token: alice.token,
    file: { name: "lighthouse-plan.txt", bytes: Buffer.from("plan"), type: "text/plain" },
  });
  expect(account.status).toBe(201);
  ids["lighthouse-plan.txt"] = account.body.id;
  await drainQueue(app.deps);
}, 120_000);
afterAll(() => app?.close());

describe("POST /find_files", () => {
  it("streams the caller's files by name, then by content, each once, then done", async () => {
    const { status, events, contentType } = await find(alice.token, { query: "lighthouse" });
    expect(status).toBe(200);
    expect(contentType).toContain("application/x-ndjson");
    const found = files(events);
    expect(
      found
        .filter((f) => f.match === "name")
        .map((f) => f.filename)
        .sort(),
    ).toEqual(["lighthouse-budget.txt", "lighthouse-plan.txt"]);
    expect(
      found
        .filter((f) => f.match === "content")
        .map((f) => f.filename)
        .sort(),
    ).toEqual(["memo.txt", "survey.txt"]);
    // Name matches come first; the library file has no workspace; content matches carry page and snippet.
    expect(found.findIndex((f) => f.match === "content")).toBe(2);
    expect(found.find((f) => f.filename === "lighthouse-plan.txt")).toMatchObject({
      scope: "account",
      workspace_id: null,
    });
    expect(found.find((f) => f.filename === "survey.txt")).toMatchObject({
      workspace_name: "Research",
      page: 1,
      snippet: expect.stringContaining("lighthouse"),
    });
    expect(new Set(found.map((f) => f.file_id)).size).toBe(found.length);
    expect(events.at(-1)).toEqual({ type: "done", files: 4, workspaces_searched: 2 });
  });

  it("never shows another user's files", async () => {
    const found = files((await find(bob.token, { query: "lighthouse" })).events);
    expect(found.map((f) => f.filename)).toEqual(["bob-lighthouse.txt"]);
    expect(found.map((f) => f.file_id)).not.toContain(ids["memo.txt"]);
  });

  it("option narrows to names or content", async () => {
    expect(
      files((await find(alice.token, { query: "lighthouse", option: "name" })).events).every((f) => f.match === "name"),
    ).toBe(true);
    const content = await find(alice.token, { query: "lighthouse", option: "content" });
    const byContent = files(content.events);
    expect(byContent.every((f) => f.match === "content")).toBe(true);
    expect(byContent.map((f) => f.filename)).toEqual(expect.arrayContaining(["memo.txt", "survey.txt"]));
    expect(byContent.map((f) => f.filename)).not.toContain("lighthouse-plan.txt");
  });

  it("refuses bad input and anonymous callers", async () => {
    expect((await find(alice.token, { query: "" })).status).toBe(400);
    expect((await find(alice.token, { query: "x", option: "everything" })).status).toBe(400);
    expect((await find(undefined, { query: "x" })).status).toBe(401);
    const bad = await fetch(`${app.url}/find_files`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${alice.token}` },
      body: "{",
    });
    expect(bad.status).toBe(400);
  });
});
