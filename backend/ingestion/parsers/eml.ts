import { simpleParser } from "mailparser";
import type { ChildFile, ParsedDocument, ParsedPage } from "../types.ts";
import { htmlToBlocks } from "./html-blocks.ts";
import { blocksToSections } from "./html-sections.ts";

/** An email: page 1 has the headers and the body; attachments come back as child files. */
export async function parseEml(bytes: Uint8Array, fileName: string): Promise<ParsedDocument> {
  const mail = await simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    skipImageLinks: true,
  });
  const addresses = (v: typeof mail.from | typeof mail.to) =>
    Array.isArray(v) ? v.map((a) => a.text).join(", ") : (v?.text ?? "");
  const header = [
    `From: ${addresses(mail.from)}`,
    `To: ${addresses(mail.to)}`,
    mail.cc ? `Cc: ${addresses(mail.cc)}` : "",
    `Date: ${mail.date?.toISOString() ?? ""}`,
    `Subject: ${mail.subject ?? ""}`,
  ].filter(Boolean);
  const body =
    mail.text?.trim() ||
    (mail.html
      ? blocksToSections(htmlToBlocks(mail.html).blocks)
          .map((p) => p.text)
          .join("\n\n")
      : "");
  const children: ChildFile[] = mail.attachments.map((a, i) => ({
    name: a.filename ?? `attachment-${i + 1}`,
    bytes: new Uint8Array(a.content),
  }));
  const attachmentList = children.length ? ["", "Attachments:", ...children.map((c) => `- ${c.name}`)] : [];
  const page: ParsedPage = {
    page: 1,
    kind: "text",
    heading: mail.subject ?? "",
    text: [...header, "", body, ...attachmentList].join("\n"),
  };
  return {
    title: mail.subject?.trim() || fileName.replace(/\.eml$/i, ""),
    pages: [page],
    metadata: { attachments: children.length },
    children,
  };
}
