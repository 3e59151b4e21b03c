/**
 * The version of the rules that turn a PDF's text layer into pages: raise it when a change reads
 * pages differently, and the worker parses the PDFs indexed before again in the background, when
 * it has nothing else to do (reparse.ts). Each document records the version that parsed it
 * (`documents.parsed`).
 *
 * 1: ligatures a ToUnicode map drops read back, words a hyphen broke at a line's end joined,
 *    letter-spaced words closed up, two-column pages read a column at a time (parsers/pdf-words.ts,
 *    pdf-layout.ts).
 */
export const PARSE_RULES = 1;
