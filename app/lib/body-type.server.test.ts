import { describe, expect, it } from "vitest";
import { unsupportedBody } from "./body-type.server.ts";

const req = (headers: Record<string, string>, body?: string) =>
  new Request("http://app.test/x", { method: "POST", headers, body });

describe("unsupportedBody", () => {
  it("takes JSON on a JSON route and refuses what a cross-site form can send", () => {
    expect(unsupportedBody(req({ "content-type": "application/json; charset=utf-8" }, "{}"), "json")).toBeNull();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect(unsupportedBody(req({ "content-type": type }, "{}"), "json")).toMatchObject({
        code: "unsupported_media_type",
        status: 415,
      });
    }
  });

  it("lets a request without a body or a type through, but not a body without a type", () => {
    expect(unsupportedBody(req({}), "json")).toBeNull();
    expect(
      unsupportedBody(new Request("http://app.test/x", { method: "POST", headers: { "content-length": "2" } }), "json")
        ?.code,
    ).toBe("unsupported_media_type");
  });

  it("takes only form bodies on form routes", () => {
    expect(unsupportedBody(req({ "content-type": "application/x-www-form-urlencoded" }, "a=b"), "form")).toBeNull();
    expect(unsupportedBody(req({ "content-type": "multipart/form-data; boundary=x" }, "--x--"), "form")).toBeNull();
    expect(unsupportedBody(req({ "content-type": "application/json" }, "{}"), "form")?.status).toBe(415);
    expect(
      unsupportedBody(req({ "content-type": "application/x-www-form-urlencoded" }, "a=b"), "multipart")?.status,
    ).toBe(415);
  });
});
