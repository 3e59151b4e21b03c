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

/** An open PDF, and a promise that rejects when fetching one of its ranges fails later on. */
export interface OpenPdf {
  doc: PDFDocumentProxy;
  failed: Promise<never>;
}

export const CHUNK = 65536;

/** Open documents by URL: paging through a file, or citations of the same file, load it once. */
const open = new Map<string, Promise<OpenPdf>>();
const KEEP = 3;

export function openPdf(url: string): Promise<OpenPdf> {
  const hit = open.get(url);
  if (hit) {
    open.delete(url);
    open.set(url, hit);
    return hit;
  }
  const doc = loadPdfJs().then((pdfjs) => openByRanges(pdfjs, url));
  const forget = () => open.get(url) === doc && open.delete(url);
  // A failed open, or a range that failed later: the next view of this file starts afresh.
  doc.then((d) => d.failed).catch(forget);
  open.set(url, doc);
  while (open.size > KEEP) {
    const [oldest, p] = open.entries().next().value!;
    open.delete(oldest);
    void p.then((d) => d.doc.destroy()).catch(() => undefined);
  }
  return doc;
}

async function fetchRange(url: string, begin: number, end: number, signal: AbortSignal): Promise<Response> {
  const res = await fetch(url, { headers: { range: `bytes=${begin}-${end - 1}` }, credentials: "same-origin", signal });
  if (res.status === 404) throw new Error("This file is not available.");
  if (!res.ok) throw new Error(`The file could not be read (HTTP ${res.status}).`);
  return res;
}

/**
 * Only the parts of the PDF that the pages drawn need cross the network, in 64 KB ranges (the
 * content route answers 206): the first range tells the file's size, pdf.js asks for the rest
 * (its cross-reference table, the page's objects) through a range transport. Opening it by URL
 * would start with a GET of the whole file that pdf.js only cancels once the headers are in,
 * by which time a fast connection has carried most of it. A server that ignores Range (200)
 * gives the whole file at once, which pdf.js then reads from memory.
 */
async function openByRanges(pdfjs: PdfJs, url: string): Promise<OpenPdf> {
  const abort = new AbortController();
  const first = await fetchRange(url, 0, CHUNK, abort.signal);
  const head = new Uint8Array(await first.arrayBuffer());
  const total = /\/(\d+)$/.exec(first.headers.get("content-range") ?? "")?.[1];
  const options = { isEvalSupported: false, rangeChunkSize: CHUNK, disableStream: true, disableAutoFetch: true };
  if (first.status !== 206 || !total) {
    const task = pdfjs.getDocument({ ...options, data: head });
    return { doc: await task.promise, failed: new Promise<never>(() => undefined) };
  }
  let fail: (err: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  const transport = new pdfjs.PDFDataRangeTransport(Number(total), head);
  transport.requestDataRange = (begin: number, end: number) => {
    void fetchRange(url, begin, end, abort.signal)
      .then(async (res) => transport.onDataRange(begin, new Uint8Array(await res.arrayBuffer())))
      .catch((err: Error) => {
        if (err.name !== "AbortError") fail(err);
      });
  };
  transport.abort = () => abort.abort();
  const task = pdfjs.getDocument({ ...options, range: transport });
  return { doc: await Promise.race([task.promise, failed]), failed };
}
