import type { StreamEvent } from "../../contracts/agent.ts";
import type { Deps } from "../deps.ts";
import { findPageText } from "../ingestion/repo.ts";
import { MarkerParser, type Piece } from "./markers.ts";
import { bestSentence, locateQuote } from "./quote.ts";
import type { Sources } from "./sources.ts";

/** How much of the answer before a marker is the claim it supports, when choosing a quote. */
const CONTEXT_CHARS = 300;

type Out = Extract<StreamEvent, { type: "text_delta" | "citation" }>;

/**
 * Turns the agent's raw text into text_delta and citation events. A marker `[n]` or
 * `[n: "quote"]` naming a source the agent was given becomes a citation (checked against the
 * stored page text) sent just before the text that shows it as `[n]`. The quote is the agent's
 * own when it gave one, else the source's sentence that best matches the claim before the marker.
 * A number the agent was never given stays in the text as it was written, with no citation.
 */
export class Citer {
  private readonly parser = new MarkerParser();
  private recent = "";
  private readonly pages = new Map<string, Promise<string | null>>();

  constructor(
    private readonly deps: Deps,
    private readonly sources: Sources,
  ) {}

  feed(text: string): Promise<Out[]> {
    return this.render(this.parser.push(text));
  }

  end(): Promise<Out[]> {
    return this.render(this.parser.end());
  }

  private async render(pieces: Piece[]): Promise<Out[]> {
    const out: Out[] = [];
    let text = "";
    const emitText = () => {
      if (text) out.push({ type: "text_delta", text });
      this.recent = (this.recent + text).slice(-CONTEXT_CHARS);
      text = "";
    };
    for (const p of pieces) {
      if (p.kind === "text") {
        text += p.text;
        continue;
      }
      for (const n of p.refs) {
        const source = this.sources.get(n);
        if (!source) {
          text += p.quote === null ? `[${n}]` : `[${n}: "${p.quote}"]`;
          continue;
        }
        emitText();
        const quote = p.quote ?? source.quote ?? bestSentence(source.text, this.recent);
        const page = await this.pageText(source.version_id, source.page);
        const at = page === null ? null : locateQuote(page, quote);
        out.push({
          type: "citation",
          n,
          file_id: source.file_id,
          version_id: source.version_id,
          filename: source.filename,
          page: source.page,
          quote,
          start: at?.start ?? null,
          end: at?.end ?? null,
          verified: at !== null,
        });
        text += `[${n}]`;
      }
    }
    emitText();
    return out;
  }

  private pageText(versionId: string, page: number): Promise<string | null> {
    const key = `${versionId}\u0000${page}`;
    let p = this.pages.get(key);
    if (!p) {
      p = findPageText(this.deps.db.kysely, { versionId, page });
      this.pages.set(key, p);
    }
    return p;
  }
}
