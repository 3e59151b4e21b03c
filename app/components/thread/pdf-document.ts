import type * as PdfJsModule from "pdfjs-dist";
import type { PDFDocumentProxy } from "pdfjs-dist";

type PdfJs = typeof PdfJsModule;

let lib: Promise<PdfJs> | null = null;

/** pdf.js, loaded the first time a PDF is opened (the browser build, with its worker served by Vite). */
export function loadPdfJs(): Promise<PdfJs> {
  lib ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return lib;
}

/** Open documents by URL: paging through a file, or citations of the same file, load it once. */
const open = new Map<string, Promise<PDFDocumentProxy>>();
const KEEP = 3;

export function openPdf(url: string): Promise<PDFDocumentProxy> {
  const hit = open.get(url);
  if (hit) {
    open.delete(url);
    open.set(url, hit);
    return hit;
  }
  // By range requests (the content route answers 206): the header, the cross-reference table
  // and the objects of the pages drawn, in 64 KB chunks, rather than the whole file. No streaming
  // and no background fetch of the rest, or pdf.js would go on to download all of it anyway.
  const doc = loadPdfJs().then(
    (pdfjs) =>
      pdfjs.getDocument({
        url,
        isEvalSupported: false,
        withCredentials: true,
        rangeChunkSize: 65536,
        disableStream: true,
        disableAutoFetch: true,
      }).promise,
  );
  doc.catch(() => open.delete(url));
  open.set(url, doc);
  while (open.size > KEEP) {
    const [oldest, p] = open.entries().next().value!;
    open.delete(oldest);
    void p.then((d) => d.destroy()).catch(() => undefined);
  }
  return doc;
}
