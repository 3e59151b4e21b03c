import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { guardFake } from "./fake-guard.ts";

/** What one chat completion answers, streamed as the OpenAI Chat Completions API does. */
export interface StreamStep {
  /** Content deltas: an array is sent piece by piece; a string is split after each word. */
  text?: string | string[];
  /** Reasoning deltas (`delta.reasoning_content`, as reasoning models behind compatible servers send). */
  reasoning?: string | string[];
  toolCalls?: { id?: string; name: string; args: unknown }[];
  /** Sent in a final chunk when the request asked for it (stream_options.include_usage). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Pause before each chunk after the first (ms). */
  delayMs?: number;
  /** Pause before the first chunk (ms). */
  firstDelayMs?: number;
  /** Never finish: keep the connection open after the last delta until the client closes it. */
  hang?: boolean;
}
export interface ErrorStep {
  error: { status: number; message: string };
}
export type Step = StreamStep | ErrorStep;
/** A scripted reply, or one computed from the request (e.g. citing a source number it was given). */
export type Reply = Step | ((body: ChatRequest) => Step);

/* eslint-disable @typescript-eslint/no-explicit-any -- a request body as the client sent it */
export type ChatRequest = {
  model: string;
  messages: any[];
  tools?: any[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
};
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface RecordedRequest {
  body: ChatRequest;
  at: number;
  /** performance.now() when the first content delta was written (null: none was). */
  firstTextAt: number | null;
  /** performance.now() when the client closed the connection before the reply ended (null: it did not). */
  closedEarlyAt: number | null;
  finished: boolean;
}

export interface FakeOpenAI {
  /** For LLM_BASE_URL: http://127.0.0.1:<port>/v1 */
  baseURL: string;
  /** Queues replies, answered in order (one per request). */
  script(...replies: Reply[]): void;
  /** Consulted before the queue: return a step to answer a request out of turn (e.g. titles). */
  route: ((body: ChatRequest) => Step | null) | null;
  requests: RecordedRequest[];
  /** Anything the script did not expect; any of it fails the test (fake-guard.ts). */
  unexpected: string[];
  /** Resolves with the request once the client has closed its connection early. */
  waitForEarlyClose(index: number, timeoutMs?: number): Promise<RecordedRequest>;
  /** Resolves once at least n requests arrived. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for an OpenAI-compatible server: POST /v1/chat/completions, streamed (SSE
 * chunks, usage last when asked) or whole, scripted per test. It records every request, when it sent the first text, and whether the client
 * hung up early; anything it was not scripted for answers 500 and lands in `unexpected`.
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];
  const sockets = new Set<Socket>();
  let changed: (() => void)[] = [];
  const notify = () => {
    const fns = changed;
    changed = [];
    fns.forEach((f) => f());
  };
  const until = (ok: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fake-openai: timed out waiting for ${what}`)), timeoutMs);
      const check = () => {
        if (ok()) {
          clearTimeout(timer);
          resolve();
        } else changed.push(check);
      };
      check();
    });

  const fake: FakeOpenAI = {
    baseURL: "",
    script: (...replies) => void queue.push(...replies),
    route: null,
    requests,
    unexpected,
    async waitForEarlyClose(index, timeoutMs = 5_000) {
      await until(() => requests[index]?.closedEarlyAt != null, timeoutMs, `request ${index} to close`);
      return requests[index]!;
    },
    waitForRequests: (n, timeoutMs = 10_000) => until(() => requests.length >= n, timeoutMs, `${n} requests`),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        unexpected.push(`${req.method} ${req.url}`);
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
      const rec: RecordedRequest = {
        body,
        at: performance.now(),
        firstTextAt: null,
        closedEarlyAt: null,
        finished: false,
      };
      requests.push(rec);
      res.on("close", () => {
        if (!res.writableFinished) rec.closedEarlyAt = performance.now();
        notify();
      });
      notify();
      const routed = fake.route?.(body) ?? null;
      const reply = routed ?? queue.shift();
      if (!reply) {
        unexpected.push(`unscripted request #${requests.length} (${body.messages.length} messages)`);
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "fake-openai: no reply scripted" } }));
        return;
      }
      const step = typeof reply === "function" ? reply(body) : reply;
      if ("error" in step) {
        res.writeHead(step.error.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: step.error.message, type: "server_error", code: null } }));
        return;
      }
      if (body.stream) void stream(res, body, step, rec).finally(notify);
      else whole(res, body, step, rec);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  guardFake("fake-openai", unexpected);
  return fake;
}

/** A non-streamed completion (stream: false), as generateText asks for. */
function whole(res: http.ServerResponse, body: ChatRequest, step: StreamStep, rec: RecordedRequest): void {
  const usage = step.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  const message = {
    role: "assistant",
    content: pieces(step.text).join("") || null,
    ...(step.toolCalls?.length
      ? {
          tool_calls: step.toolCalls.map((c, i) => ({
            id: c.id ?? `call_${i}`,
            type: "function",
            function: { name: c.name, arguments: JSON.stringify(c.args) },
          })),
        }
      : {}),
  };
  const finish = step.toolCalls?.length ? "tool_calls" : "stop";
  rec.firstTextAt = performance.now();
  rec.finished = true;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "chatcmpl-whole",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }),
  );
}

const pieces = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : (v.match(/\S+\s*|\s+/g) ?? []);

async function stream(
  res: http.ServerResponse,
  body: ChatRequest,
  step: StreamStep,
  rec: RecordedRequest,
): Promise<void> {
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: body.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const frames: { data: object; text?: boolean }[] = [{ data: chunk({ role: "assistant", content: "" }) }];
  for (const r of pieces(step.reasoning)) frames.push({ data: chunk({ reasoning_content: r }) });
  for (const t of pieces(step.text)) frames.push({ data: chunk({ content: t }), text: true });
  (step.toolCalls ?? []).forEach((call, index) => {
    const args = JSON.stringify(call.args);
    const half = Math.ceil(args.length / 2);
    frames.push({
      data: chunk({
        tool_calls: [
          {
            index,
            id: call.id ?? `call_${index}_${id.slice(-6)}`,
            type: "function",
            function: { name: call.name, arguments: "" },
          },
        ],
      }),
    });
    frames.push({ data: chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }) });
    frames.push({ data: chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }) });
  });
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const closed = () => res.destroyed || rec.closedEarlyAt !== null;
  for (const [i, f] of frames.entries()) {
    const wait = i === 0 ? (step.firstDelayMs ?? 0) : (step.delayMs ?? 0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (closed()) return;
    res.write(`data: ${JSON.stringify(f.data)}\n\n`);
    if (f.text && rec.firstTextAt === null) rec.firstTextAt = performance.now();
  }
  if (step.hang) return;
  if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
  if (closed()) return;
  res.write(`data: ${JSON.stringify(chunk({}, step.toolCalls?.length ? "tool_calls" : "stop"))}\n\n`);
  if (body.stream_options?.include_usage) {
    const usage = step.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
    res.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
    );
  }
  res.write("data: [DONE]\n\n");
  rec.finished = true;
  res.end();
}
