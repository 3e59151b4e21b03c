import { describe, expect, it } from "vitest";
import { emptyAnswer } from "./answer-state.ts";
import { buildTurns, type LiveEntry, type StoredMessage } from "./turns.ts";

const msg = (
  id: string,
  role: "user" | "assistant",
  parent: string | null,
  o: Partial<StoredMessage> = {},
): StoredMessage => ({
  id,
  thread_id: "t",
  parent_id: parent,
  role,
  content: `${id} text`,
  status: "complete",
  is_active: true,
  feedback: null,
  citations: [],
  model: null,
  created_at: id,
  ...o,
});
const live = (
  key: string,
  o: { kind?: LiveEntry["kind"]; messageId?: string | null; questionId?: string | null; question?: string },
): LiveEntry => ({
  key,
  kind: o.kind ?? "ask",
  question: o.question ?? null,
  model: null,
  connected: true,
  stopping: false,
  problem: null,
  answer: emptyAnswer({ messageId: o.messageId ?? null, questionId: o.questionId ?? null }),
});

describe("buildTurns", () => {
  const stored = [
    msg("q1", "user", null),
    msg("a1", "assistant", "q1", { is_active: false }),
    msg("a2", "assistant", "q1"),
    msg("q2", "user", "a2"),
    msg("a3", "assistant", "q2"),
  ];

  it("pairs each question with its active answer and its siblings", () => {
    const turns = buildTurns(stored, []);
    expect(turns.map((t) => [t.question.id, t.stored?.id, t.answers.map((a) => a.id)])).toEqual([
      ["q1", "a2", ["a1", "a2"]],
      ["q2", "a3", ["a3"]],
    ]);
  });

  it("shows a question asked here at the end, before and after the server named it", () => {
    const before = buildTurns(stored, [live("k", { question: "Why?" })]);
    expect(before.at(-1)).toMatchObject({
      key: "k",
      question: { id: null, content: "Why?" },
      stored: null,
      live: { key: "k" },
    });
    const started = buildTurns(stored, [live("k", { question: "Why?", questionId: "q3", messageId: "a4" })]);
    expect(started.at(-1)).toMatchObject({ question: { id: "q3", content: "Why?" }, live: { key: "k" } });
    // Once the loader has the pair, the live answer lies over the stored row: one turn, not two.
    const loaded = buildTurns(
      [...stored, msg("q3", "user", "a3"), msg("a4", "assistant", "q3", { status: "streaming" })],
      [live("k", { question: "Why?", questionId: "q3", messageId: "a4" })],
    );
    expect(loaded).toHaveLength(3);
    expect(loaded[2]).toMatchObject({ question: { id: "q3" }, stored: { id: "a4" }, live: { key: "k" } });
  });

  it("shows a regenerated answer in place of the active one until the loader has it", () => {
    const regen = live("r", { kind: "regenerate", questionId: "q1", messageId: "a5" });
    expect(buildTurns(stored, [regen])[0]).toMatchObject({ stored: null, live: { key: "r" } });
    const after = [
      ...stored.map((m) => (m.id === "a2" ? { ...m, is_active: false } : m)),
      msg("a5", "assistant", "q1"),
    ];
    expect(buildTurns(after, [regen])[0]).toMatchObject({
      stored: { id: "a5" },
      live: { key: "r" },
      answers: [{ id: "a1" }, { id: "a2" }, { id: "a5" }],
    });
    // Switching back to an older sibling shows it, not the live one.
    const back = after.map((m) =>
      m.id === "a5" ? { ...m, is_active: false } : m.id === "a1" ? { ...m, is_active: true } : m,
    );
    expect(buildTurns(back, [regen])[0]).toMatchObject({ stored: { id: "a1" }, live: null });
  });
});
