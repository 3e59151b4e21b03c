import { describe, expect, it } from "vitest";
import { groupResults, hitHref, type FileHit } from "./group-results.ts";

const hit = (o: Partial<FileHit>): FileHit => ({
  type: "file",
  match: "content",
  file_id: "f1",
  filename: "a.pdf",
  scope: "workspace",
  workspace_id: "w1",
  workspace_name: "Energy",
  page: 3,
  snippet: "revenue grew",
  score: 1,
  ...o,
});

describe("groupResults", () => {
  it("groups by Pod in the order each Pod's first hit arrived, the library apart", () => {
    const groups = groupResults([
      hit({ file_id: "a", workspace_id: "w2", workspace_name: "Banks" }),
      hit({ file_id: "b", scope: "account", workspace_id: null, workspace_name: null }),
      hit({ file_id: "c" }),
      hit({ file_id: "d", workspace_id: "w2", workspace_name: "Banks" }),
    ]);
    expect(groups.map((g) => [g.name, g.hits.map((h) => h.file_id)])).toEqual([
      ["Banks", ["a", "d"]],
      ["Library", ["b"]],
      ["Energy", ["c"]],
    ]);
    expect(groups[1]!.workspaceId).toBeNull();
  });
});

describe("hitHref", () => {
  it("opens the Pod's files screen on the file at its page", () => {
    expect(hitHref(hit({ file_id: "f 9", page: 12 }))).toBe("/workspace/w1?file=f+9&page=12");
  });
  it("leaves the page out for a name match, and sends library files to the library", () => {
    expect(hitHref(hit({ match: "name", page: null }))).toBe("/workspace/w1?file=f1");
    expect(hitHref(hit({ scope: "account", workspace_id: null }))).toBe("/library");
  });
});
