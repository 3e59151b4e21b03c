import { describe, expect, it } from "vitest";
import { urlProblem } from "./url-import-dialog.tsx";

describe("urlProblem", () => {
  it("accepts absolute http and https URLs", () => {
    expect(urlProblem(" https://example.com/a.pdf ")).toBeNull();
    expect(urlProblem("http://example.com/report?id=1")).toBeNull();
  });
  it("names what is wrong before the server is asked", () => {
    expect(urlProblem("  ")).toBe("Enter the file's URL.");
    expect(urlProblem("example.com/a.pdf")).toBe("Enter a full URL, starting with https:// or http://.");
    expect(urlProblem("ftp://example.com/a.pdf")).toBe("Only http:// and https:// URLs can be imported.");
    expect(urlProblem("javascript:alert(1)")).toBe("Only http:// and https:// URLs can be imported.");
  });
});
