import { z } from "zod";
import { citation } from "./citation.ts";
import { edgarConfirmationFiling } from "./edgar.ts";
import { endpoint, rawEndpoint } from "./endpoint.ts";
import { messageParams, threadParams } from "./threads.ts";

/**
 * The analyst agent's answer stream, shared by the server and the thread screen. Every event is
 * sent as Server-Sent Events (`event: <type>`, `data: <json>`, `id: <index>`) and stored with its
 * time, so a refresh, a second tab or a replay sees the same sequence.
 *
 * Order: message_started first; then any of thinking, tool_call/tool_result, text_delta, citation,
 * file_version_created, confirmation_request/confirmation_result/import_progress and usage (one per
 * model call); error when the answer fails; done last. A citation event comes just before the
 * text_delta that carries its `[n]` marker, one per marker. A confirmation_request (a tool asking the
 * user before it acts) is followed by one confirmation_result with its outcome, unless the answer
 * ended first (a reader then shows the request as expired).
 */
/**
 * How a confirmation ended: the user approved or declined it, nobody answered in time (expired), or
 * the answer was stopped while it waited (cancelled).
 */
export const confirmationOutcome = z.enum(["approved", "declined", "expired", "cancelled"]);
export type ConfirmationOutcome = z.infer<typeof confirmationOutcome>;

export const streamEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message_started"),
    message_id: z.string(),
    user_message_id: z.string(),
    thread_id: z.string(),
  }),
  z.object({ type: z.literal("thinking"), text: z.string() }),
  z.object({ type: z.literal("tool_call"), id: z.string(), name: z.string(), args: z.unknown() }),
  z.object({
    type: z.literal("tool_result"),
    id: z.string(),
    name: z.string(),
    result: z.unknown(),
    is_error: z.boolean(),
  }),
  z.object({ type: z.literal("text_delta"), text: z.string() }),
  citation.extend({ type: z.literal("citation") }),
  z.object({
    type: z.literal("file_version_created"),
    file_id: z.string(),
    version_id: z.string(),
    filename: z.string(),
  }),
  z.object({
    type: z.literal("usage"),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    /** null when no price is configured (LLM_PRICE_INPUT_PER_MTOK / LLM_PRICE_OUTPUT_PER_MTOK). */
    cost_usd: z.number().nullable(),
    model: z.string(),
  }),
  z.object({
    type: z.literal("confirmation_request"),
    id: z.string(),
    kind: z.literal("edgar_import"),
    filings: z.array(edgarConfirmationFiling),
    include_exhibits: z.boolean(),
  }),
  z.object({ type: z.literal("confirmation_result"), id: z.string(), status: confirmationOutcome }),
  /** An approved import's files as they are imported and indexed (sent when a status changes). */
  z.object({
    type: z.literal("import_progress"),
    id: z.string(),
    files: z.array(
      z.object({
        id: z.string(),
        filename: z.string(),
        status: z.enum(["uploading", "uploaded", "indexing", "indexed", "failed"]),
      }),
    ),
    /** Filings that could not be imported, with why. */
    failures: z.array(z.object({ accession_number: z.string(), message: z.string() })),
  }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
  z.object({ type: z.literal("done"), message_id: z.string(), status: z.enum(["complete", "cancelled", "failed"]) }),
]);
export type StreamEvent = z.infer<typeof streamEvent>;
export type StreamEventType = StreamEvent["type"];

/** A stored event: `t` is milliseconds since the answer started (replay keeps this timing). */
export const timedEvent = z.object({ t: z.number(), e: streamEvent });
export type TimedEvent = z.infer<typeof timedEvent>;

/**
 * What is stored of an answer: `messages.content` (the text as shown, markers as `[n]`),
 * `messages.citations` (JSON, in marker order) and its events (`message_events.events`, JSON
 * batches of timed events in order). Followers and replays read it back as the same events.
 */
export const storedAnswer = z.object({
  content: z.string(),
  citations: z.array(citation),
  events: z.array(timedEvent),
});
export type StoredAnswer = z.infer<typeof storedAnswer>;

/** Model id that answers from search results alone, with no language model. Always offered. */
export const SEARCH_MODEL = "search";

const id = z.string().min(1).max(100);

export const streamQaBody = z.object({
  query: z.string().trim().min(1, "query is required").max(10_000, "query must be at most 10,000 characters"),
  /** One of GET /agent/models; default: the first configured model, or "search" without one. */
  model: z.string().trim().min(1).max(200).optional(),
  /** Answer from these files of the workspace only. */
  file_ids: z.array(id).min(1).max(100, "At most 100 file_ids").optional(),
});

const sse = (description: string) => ({
  status: 200,
  contentType: "text/event-stream",
  schema: streamEvent,
  description,
});

export const streamQa = rawEndpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/stream_qa",
  tag: "agent",
  auth: "user",
  summary: "Ask a question in a thread (owner): the answer streams as Server-Sent Events and is stored as it streams",
  params: threadParams,
  jsonBody: streamQaBody,
  response: sse("message_started, then the answer's events, then done"),
});

export const regenerateAnswer = rawEndpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/regenerate",
  tag: "agent",
  auth: "user",
  summary: "Answer the same question again as a new sibling answer, made active (owner); streamed like stream_qa",
  params: messageParams,
  jsonBody: z.object({ model: streamQaBody.shape.model }).optional(),
  response: sse("message_started (the new answer), then its events, then done"),
});

export const subscribeAnswer = rawEndpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/stream",
  tag: "agent",
  auth: "optional",
  summary: "Follow an answer: what is stored so far at once, then live until done (a refresh or a second tab)",
  params: messageParams,
  query: z.object({ after: z.coerce.number().int().min(-1).optional() }),
  response: sse("Events after index `after` (or the Last-Event-ID header), then live ones, then done"),
});

export const replayAnswer = rawEndpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/replay",
  tag: "agent",
  auth: "optional",
  summary: "Replay a finished answer with its original timing divided by speed_factor",
  params: messageParams,
  query: z.object({
    speed_factor: z.coerce
      .number()
      .min(0.1, "speed_factor must be at least 0.1")
      .max(1000, "speed_factor must be at most 1000")
      .default(1),
  }),
  response: sse("The stored events, spaced as they were first sent"),
});

export const cancelStreamQa = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/cancel_stream_qa",
  tag: "agent",
  auth: "user",
  status: 200,
  summary: "Stop an answer being written (owner); also when another process writes it",
  params: threadParams,
  query: z.object({
    message_id: id,
    /**
     * The index of the last event the reader was shown (the stream's `id:`): the stopped answer
     * is stored as it was then, without the words still on their way when Stop was pressed.
     */
    shown: z.coerce.number().int().min(-1).optional(),
  }),
  response: z.object({ message_id: z.string(), status: z.enum(["streaming", "complete", "cancelled", "failed"]) }),
});

export const answerConfirmation = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/confirmations/{cid}",
  tag: "agent",
  auth: "user",
  status: 200,
  summary:
    "Approve or decline what an answer asks to do (owner), e.g. importing SEC filings; 409 once answered or closed",
  params: messageParams.extend({ cid: id }),
  body: z.object({ approve: z.boolean() }),
  response: z.object({ id: z.string(), status: z.enum(["approved", "declined"]) }),
});

export const listModels = endpoint({
  method: "get",
  path: "/agent/models",
  tag: "agent",
  auth: "user",
  status: 200,
  summary: 'Models a question may name; the default first. "search" answers from search results without a model',
  response: z.object({ models: z.array(z.string()), default_model: z.string() }),
});
