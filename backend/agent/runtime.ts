import type { Deps } from "../deps.ts";
import * as messages from "../threads/message-repo.ts";
import type { FinalStatus, LiveAnswer } from "./live.ts";
import * as repo from "./repo.ts";

/** How often answers being written are stored and cancel flags are read. */
export const TICK_MS = 250;
/** An answer with nothing new still touches its row this often, so followers elsewhere know it is alive. */
export const HEARTBEAT_MS = 5_000;

/**
 * The answers this process is writing. One timer for all of them: every tick stores what each
 * answer added since the last one (all in one transaction) and reads, in one query, whether any
 * of them was cancelled from another process. The timer runs only while answers are live.
 */
export class AnswerRuntime {
  readonly live = new Map<string, LiveAnswer>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  /** Flushes run one at a time, so batches are numbered without gaps or clashes. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Deps) {}

  /** Registers an answer and runs its producer; failures of the producer itself are logged. */
  start(answer: LiveAnswer, produce: () => Promise<void>): void {
    this.live.set(answer.id, answer);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), TICK_MS);
      // The answers' own work (the model call) keeps the process up, not this timer.
      this.timer.unref();
    }
    produce().catch((err: unknown) => this.deps.log.error(`[agent] answer ${answer.id} failed to run:`, err));
  }

  /** Stores the final event and status, then lets followers finish and forgets the answer. */
  async finish(answer: LiveAnswer, status: FinalStatus): Promise<void> {
    try {
      await this.serial(async () => void (await repo.storeProgress(this.deps, [answer], status)));
    } catch (err) {
      this.deps.log.error(`[agent] storing the end of answer ${answer.id} failed:`, err);
    }
    answer.close(status);
    this.live.delete(answer.id);
    if (this.live.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  async tick(): Promise<void> {
    const answers = [...this.live.values()].filter((a) => a.status === "streaming");
    // A slow database must not pile ticks up: the next one starts after this one ends.
    if (answers.length === 0 || this.ticking) return;
    this.ticking = true;
    try {
      const due = answers.filter((a) => a.dirty || Date.now() - a.lastWriteAt >= HEARTBEAT_MS);
      if (due.length) {
        await this.serial(async () => {
          // A deleted thread took its answers with it: stop writing them.
          for (const a of await repo.storeProgress(this.deps, due, null)) a.controller.abort();
        });
      }
      const cancelled = await messages.cancelRequested(
        this.deps.db.kysely,
        answers.map((a) => a.id),
      );
      for (const id of cancelled) this.live.get(id)?.controller.abort();
    } catch (err) {
      this.deps.log.error("[agent] storing answers in progress failed:", err);
    } finally {
      this.ticking = false;
    }
  }

  private serial(fn: () => Promise<void>): Promise<void> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The runtime of this backend: made at boot (one per booted backend, so two in one test act as two processes). */
export function runtimeFor(deps: Deps): AnswerRuntime {
  return deps.answers;
}
