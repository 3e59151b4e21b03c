import { describe, expect, it } from "vitest";
import { uniqueNames } from "./zip.ts";

describe("uniqueNames", () => {
  it("keeps distinct names as they are", () => {
    expect(uniqueNames(["a.pdf", "b.pdf", "c"])).toEqual(["a.pdf", "b.pdf", "c"]);
  });

  it("numbers repeats before the extension, ignoring case", () => {
    expect(uniqueNames(["a.pdf", "A.pdf", "a.PDF", "a.pdf"])).toEqual(["a.pdf", "A (2).pdf", "a (3).PDF", "a (4).pdf"]);
  });

  it("numbers names without an extension, and dotfiles, at the end", () => {
    expect(uniqueNames(["README", "README", ".env", ".env"])).toEqual(["README", "README (2)", ".env", ".env (2)"]);
  });

  it("uses the last dot for the extension", () => {
    expect(uniqueNames(["data.tar.gz", "data.tar.gz"])).toEqual(["data.tar.gz", "data.tar (2).gz"]);
  });

  it("is empty for no files", () => {
    expect(uniqueNames([])).toEqual([]);
  });
});
