import ExcelJS from "exceljs";
import JSZip from "jszip";

/** A minimal .docx: a heading, a paragraph, a two-row table and a footnote-free body. */
export async function makeDocx(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const p = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ""}<w:r><w:t>${text}</w:t></w:r></w:p>`;
  const cell = (text: string) => `<w:tc>${p(text)}</w:tc>`;
  const body = [
    p("Overview", "Heading1"),
    p("Revenue grew strongly."),
    `<w:tbl><w:tr>${cell("Year")}${cell("Revenue")}</w:tr><w:tr>${cell("2023")}${cell("1,234")}</w:tr></w:tbl>`,
    p("Risks", "Heading1"),
    p("Competition is fierce."),
  ].join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "uint8array" });
}

/** A workbook with a formula (and its cached result) and a named range. */
export async function makeXlsx(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Summary");
  ws.addRow(["Item", "Amount"]);
  ws.addRow(["Widgets", 40]);
  ws.addRow(["Gadgets", 2]);
  ws.addRow(["Total", { formula: "SUM(B2:B3)", result: 42 }]);
  wb.definedNames.add("Summary!$B$2:$B$3", "Amounts");
  wb.addWorksheet("Notes").addRow(["Note"]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A two-slide .pptx, slides listed in the reverse of their file names' order. */
export async function makePptx(): Promise<Uint8Array> {
  const zip = new JSZip();
  const ns = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
  zip.file(
    "ppt/presentation.xml",
    `<p:presentation ${ns}><p:sldIdLst><p:sldId id="256" r:id="rId3"/><p:sldId id="257" r:id="rId2"/></p:sldIdLst></p:presentation>`,
  );
  zip.file(
    "ppt/_rels/presentation.xml.rels",
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="slide" Target="slides/slide1.xml"/><Relationship Id="rId3" Type="slide" Target="slides/slide2.xml"/></Relationships>`,
  );
  const shape = (text: string, title = false) =>
    `<p:sp>${title ? `<p:nvSpPr><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr>` : ""}<p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
  zip.file(
    "ppt/slides/slide2.xml",
    `<p:sld ${ns}><p:cSld><p:spTree>${shape("Agenda", true)}${shape("Q3 results &amp; outlook")}</p:spTree></p:cSld></p:sld>`,
  );
  const table = `<p:graphicFrame><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Region</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>Sales</a:t></a:r></a:p></a:txBody></a:tc></a:tr><a:tr><a:tc><a:txBody><a:p><a:r><a:t>EMEA</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>17</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></p:graphicFrame>`;
  zip.file(
    "ppt/slides/slide1.xml",
    `<p:sld ${ns}><p:cSld><p:spTree>${shape("Numbers", true)}${table}</p:spTree></p:cSld></p:sld>`,
  );
  return zip.generateAsync({ type: "uint8array" });
}
