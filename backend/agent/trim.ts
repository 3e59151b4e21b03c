import type { TimedEvent } from "../../contracts/agent.ts";
import type { Citation } from "../../contracts/citation.ts";
import type { Deps } from "../deps.ts";
import { now } from "../platform/clock.ts";
import * as messages from "../threads/message-repo.ts";
import { WORDS } from "./live.ts";
import * as repo from "./repo.ts";

/**
 * A stopped answer as its reader saw it: the words (text, citations, thoughts) after event
 * `shown` are dropped; everything else (tool results, usage, errors, the end) stays, renumbered
 * from 0 so followers and replays read it as any answer. Null when nothing was after `shown`.
 */
export function shownPart(events: TimedEvent[], shown: number) {
  const kept = events.filter((t, i) => i <= shown || !WORDS.has(t.e.type));
  if (kept.length === events.length) return null;
  let content = "";
  const cited: Citation[] = [];
  for (const { e } of kept) {
    if (e.type === "text_delta") content += e.text;
    if (e.type === "citation") {
      const { type: _type, ...c } = e;
      cited.push(c);
    }
  }
  // A citation whose marker was still on its way is not one the reader saw.
  const citations = cited.filter((c) => content.includes(`[${c.n}]`));
  return { events: kept, content, citations };
}

/**
 * Stores a stopped answer as its reader saw it (see shownPart): the words still on their way when
 * Stop was pressed (the stream runs ahead of the page, and a cancel takes a moment to arrive) are
 * not kept, so a reload shows what the reader had. Only for an answer that has ended cancelled.
 */
export async function trimToShown(deps: Deps, messageId: string, shown: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (tx) => {
    if ((await messages.messageState(tx, messageId))?.status !== "cancelled") return;
    const { events } = await repo.storedEvents(deps, messageId, 0, tx);
    const part = shownPart(
      events.map((e) => e.timed),
      shown,
    );
    if (!part) return;
    await repo.replaceEvents(tx, messageId, part.events);
    await messages.updateAnswer(tx, {
      id: messageId,
      content: part.content,
      citations: JSON.stringify(part.citations),
      status: null,
      at: now(),
    });
  });
}
