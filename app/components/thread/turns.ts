import type { Message } from "../../../contracts/threads.ts";
import type { AnswerState } from "./answer-state.ts";

/** A stored message (answers with their citations and model). */
export type StoredMessage = Message;

/** An answer this page is streaming or has streamed (asked here, regenerated, or followed). */
export interface LiveEntry {
  key: string;
  kind: "ask" | "regenerate" | "follow";
  /** The question's text, for a question asked on this page (shown before the server has it). */
  question: string | null;
  model: string | null;
  answer: AnswerState;
  /** The connection is open (or being re-opened). */
  connected: boolean;
  stopping: boolean;
  /** Why the answer could not start or be followed, in the API's words. */
  problem: string | null;
}

export interface Turn {
  key: string;
  question: { id: string | null; content: string };
  /** The stored answers to this question (regenerated siblings), oldest first. */
  answers: StoredMessage[];
  /** What the turn shows: a stored answer, a live one, or both (live events over the stored row). */
  stored: StoredMessage | null;
  live: LiveEntry | null;
}

/**
 * The conversation as the page shows it: each question with its active answer. Answers streaming
 * on this page take their place: over the stored row once the loader has it, or as a new answer
 * (a regenerate, a fresh question) until it does.
 */
export function buildTurns(messages: StoredMessage[], live: LiveEntry[]): Turn[] {
  const answersOf = new Map<string, StoredMessage[]>();
  for (const m of messages) {
    if (m.role !== "assistant" || !m.parent_id) continue;
    answersOf.set(m.parent_id, [...(answersOf.get(m.parent_id) ?? []), m]);
  }
  const questionIds = new Set(messages.filter((m) => m.role === "user").map((m) => m.id));
  const turns: Turn[] = messages
    .filter((m) => m.role === "user")
    .map((q) => {
      const answers = answersOf.get(q.id) ?? [];
      const active = answers.find((a) => a.is_active) ?? answers[answers.length - 1] ?? null;
      const stored = new Set(answers.map((a) => a.id));
      const mine = live.filter((e) => e.answer.questionId === q.id);
      // The newest answer the loader has not seen yet wins; else the one over the active row.
      const fresh = [...mine].reverse().find((e) => !e.answer.messageId || !stored.has(e.answer.messageId));
      if (fresh) return { key: q.id, question: { id: q.id, content: q.content }, answers, stored: null, live: fresh };
      const over = active ? ([...mine].reverse().find((e) => e.answer.messageId === active.id) ?? null) : null;
      return { key: q.id, question: { id: q.id, content: q.content }, answers, stored: active, live: over };
    });
  for (const e of live) {
    if (e.kind !== "ask" || (e.answer.questionId && questionIds.has(e.answer.questionId))) continue;
    turns.push({
      key: e.key,
      question: { id: e.answer.questionId, content: e.question ?? "" },
      answers: [],
      stored: null,
      live: e,
    });
  }
  return turns;
}
