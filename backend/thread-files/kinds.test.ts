import { expect, it } from "vitest";
import { contentTypeFor, kindOf } from "./kinds.ts";

it("tells workbooks, texts and other files apart by name, then by content type", () => {
  expect(kindOf("workbook.xlsx", "application/octet-stream")).toBe("workbook");
  expect(kindOf("upload", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("workbook");
  expect(kindOf("notes.md", "application/octet-stream")).toBe("text");
  expect(kindOf("data", "text/csv")).toBe("text");
  expect(kindOf("report.pdf", "application/pdf")).toBe("binary");
});

it("stores a thread file with the content type its name implies, else the one sent", () => {
  expect(contentTypeFor("workbook.xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(contentTypeFor("a.md", "application/octet-stream")).toBe("text/markdown");
  expect(contentTypeFor("blob", "image/png")).toBe("image/png");
  expect(contentTypeFor("blob")).toBe("application/octet-stream");
});
