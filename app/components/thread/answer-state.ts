import type { ConfirmationOutcome, StreamEvent } from "../../../contracts/agent.ts";
import type { Citation } from "../../../contracts/citation.ts";
import type { EdgarConfirmationFiling } from "../../../contracts/edgar.ts";

export type AnswerStatus = "streaming" | "complete" | "cancelled" | "failed";

/** A step of the agent's work shown under "Thoughts": its reasoning and its tool calls. */
export type Step =
  | { kind: "thinking"; text: string }
  | { kind: "tool"; id: string; name: string; args: unknown; result?: unknown; isError?: boolean };

export interface Usage {
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number | null;
}

type ImportProgress = Extract<StreamEvent, { type: "import_progress" }>;

/** Something the answer asked the user to confirm (importing SEC filings), with where it stands. */
export interface Confirmation {
  id: string;
  kind: "edgar_import";
  filings: EdgarConfirmationFiling[];
  includeExhibits: boolean;
  status: "pending" | ConfirmationOutcome;
  /** After approval: the imported files and their indexing, and the filings that failed. */
  files: ImportProgress["files"];
  failures: ImportProgress["failures"];
}

/** An answer as its events have built it so far. */
export interface AnswerState {
  messageId: string | null;
  questionId: string | null;
  content: string;
  /** By marker number. */
  citations: Record<number, Citation>;
  steps: Step[];
  files: { file_id: string; version_id: string; filename: string }[];
  confirmations: Confirmation[];
  usage: Usage[];
  errors: { code: string; message: string }[];
  status: AnswerStatus;
  /** Index of the last event applied (-1: none): where following the answer resumes. */
  lastIndex: number;
}

export function emptyAnswer(o: { messageId?: string | null; questionId?: string | null } = {}): AnswerState {
  return {
    messageId: o.messageId ?? null,
    questionId: o.questionId ?? null,
    content: "",
    citations: {},
    steps: [],
    files: [],
    confirmations: [],
    usage: [],
    errors: [],
    status: "streaming",
    lastIndex: -1,
  };
}

/**
 * Applies one event. Events at or below the last index already applied are ignored, so a
 * stream resumed from `lastIndex` (or replayed whole) never doubles the text.
 */
export function applyEvent(s: AnswerState, e: StreamEvent, index: number | null): AnswerState {
  if (index !== null && index <= s.lastIndex) return s;
  const next: AnswerState = { ...s, lastIndex: index ?? s.lastIndex };
  switch (e.type) {
    case "message_started":
      return { ...next, messageId: e.message_id, questionId: e.user_message_id };
    case "text_delta":
      return { ...next, content: s.content + e.text };
    case "citation": {
      const { type: _type, ...c } = e;
      return { ...next, citations: { ...s.citations, [c.n]: c } };
    }
    case "thinking": {
      // Reasoning streams in pieces: consecutive ones are one thought.
      const last = s.steps[s.steps.length - 1];
      if (last?.kind === "thinking")
        return { ...next, steps: [...s.steps.slice(0, -1), { kind: "thinking", text: last.text + e.text }] };
      return { ...next, steps: [...s.steps, { kind: "thinking", text: e.text }] };
    }
    case "tool_call":
      return { ...next, steps: [...s.steps, { kind: "tool", id: e.id, name: e.name, args: e.args }] };
    case "tool_result":
      return {
        ...next,
        steps: s.steps.map((st) =>
          st.kind === "tool" && st.id === e.id ? { ...st, result: e.result, isError: e.is_error } : st,
        ),
      };
    case "file_version_created":
      return { ...next, files: [...s.files, { file_id: e.file_id, version_id: e.version_id, filename: e.filename }] };
    case "confirmation_request":
      return {
        ...next,
        confirmations: [
          ...s.confirmations,
          {
            id: e.id,
            kind: e.kind,
            filings: e.filings,
            includeExhibits: e.include_exhibits,
            status: "pending",
            files: [],
            failures: [],
          },
        ],
      };
    case "confirmation_result":
      return { ...next, confirmations: s.confirmations.map((c) => (c.id === e.id ? { ...c, status: e.status } : c)) };
    case "import_progress":
      return {
        ...next,
        confirmations: s.confirmations.map((c) => (c.id === e.id ? { ...c, files: e.files, failures: e.failures } : c)),
      };
    case "usage":
      return {
        ...next,
        usage: [
          ...s.usage,
          { model: e.model, input_tokens: e.input_tokens, output_tokens: e.output_tokens, cost_usd: e.cost_usd },
        ],
      };
    case "error":
      return { ...next, errors: [...s.errors, { code: e.code, message: e.message }] };
    case "done":
      return { ...next, status: e.status };
  }
}
