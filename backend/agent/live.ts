import { performance } from "node:perf_hooks";
import type { Citation } from "../../contracts/citation.ts";
import type { StreamEvent, TimedEvent } from "../../contracts/agent.ts";

export type FinalStatus = "complete" | "cancelled" | "failed";
/** What an answer says: nothing of it is recorded once it is stopped (see LiveAnswer.record). */
export const WORDS: ReadonlySet<StreamEvent["type"]> = new Set(["text_delta", "citation", "thinking"]);
export interface IndexedEvent {
  index: number;
  event: StreamEvent;
}

/**
 * An answer being written in this process: its events so far (with their times), the text and
 * citations they add up to, and who is following it. Followers get every event from the index
 * they ask for, then live ones; the answer never waits for them (a slow or gone client costs
 * nothing but memory until the answer ends).
 */
export class LiveAnswer {
  readonly events: TimedEvent[] = [];
  content = "";
  readonly citations: Citation[] = [];
  status: "streaming" | FinalStatus = "streaming";
  /** Aborts the model call: cancel_stream_qa (here or via the database flag from elsewhere). */
  readonly controller = new AbortController();
  /** Events up to this index are stored; set by the runtime's flushes. */
  flushed = 0;
  /** Number of event batches stored so far. */
  batches = 0;
  lastWriteAt = Date.now();
  /** Visible to followers: an event is recorded first, announced after a final flush stores it. */
  private announced = 0;
  private readonly start = performance.now();
  private wake = new Set<() => void>();
  private closed = false;
  private readonly settled: Promise<void>;
  private settle!: () => void;

  constructor(
    readonly id: string,
    readonly threadId: string,
  ) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Resolves once the answer is stored with its final status. */
  get finished(): Promise<void> {
    return this.settled;
  }

  get dirty(): boolean {
    return this.flushed < this.events.length;
  }

  /** Records an event and tells followers. */
  publish(e: StreamEvent): void {
    this.record(e);
    this.announce();
  }

  /**
   * Records an event without telling followers yet (the final event, before it is stored). Once
   * the answer is stopped (cancel, time limit, thread deleted) its words end where they were: what
   * was still on its way (a marker held back, a citation being checked) is dropped, so the stored
   * answer is what its readers had when they stopped it.
   */
  record(e: StreamEvent): void {
    if (this.closed || (this.signal.aborted && WORDS.has(e.type))) return;
    this.events.push({ t: Math.round(performance.now() - this.start), e });
    if (e.type === "text_delta") this.content += e.text;
    if (e.type === "citation") {
      const { type: _type, ...c } = e;
      this.citations.push(c);
    }
  }

  announce(): void {
    this.announced = this.events.length;
    for (const w of [...this.wake]) w();
  }

  /** Stored with its final status: followers get the rest and end. */
  close(status: FinalStatus): void {
    this.status = status;
    this.closed = true;
    this.announce();
    this.settle();
  }

  /** Every event after index `after`, then live ones until the answer is done. */
  async *follow(after = -1): AsyncGenerator<IndexedEvent> {
    let next = Math.max(0, after + 1);
    for (;;) {
      while (next < this.announced) {
        yield { index: next, event: this.events[next]!.e };
        next++;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        const w = () => {
          this.wake.delete(w);
          resolve();
        };
        this.wake.add(w);
      });
    }
  }
}
