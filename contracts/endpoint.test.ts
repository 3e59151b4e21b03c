import { describe, expect, it } from "vitest";
import { apiPath } from "./endpoint.ts";

describe("apiPath", () => {
  it("fills each {name} with its URI-encoded value", () => {
    expect(apiPath({ path: "/workspaces/{id}/threads/{tid}/stream_qa" }, { id: "a b/c", tid: "t?#%" })).toBe(
      "/workspaces/a%20b%2Fc/threads/t%3F%23%25/stream_qa",
    );
  });

  it("appends the query, leaving out undefined and null values", () => {
    expect(apiPath({ path: "/x/{id}" }, { id: 1 }, { after: -1, skip: undefined, none: null })).toBe("/x/1?after=-1");
    expect(apiPath({ path: "/x" }, undefined, {})).toBe("/x");
  });
});
