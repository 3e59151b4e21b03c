import { SEARCH_MODEL, type StreamEvent } from "../../contracts/agent.ts";
import { settleAnswer } from "../billing/charges.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { Citer } from "./citer.ts";
import { LiveAnswer, type FinalStatus } from "./live.ts";
import { modelAnswer } from "./model-loop.ts";
import { conversation, systemPrompt } from "./prompt.ts";
import { recordUsage } from "./repo.ts";
import { runtimeFor } from "./runtime.ts";
import { searchModeAnswer } from "./search-mode.ts";
import { Sources } from "./sources.ts";
import { agentTools } from "./tools/index.ts";

/** An answer that runs longer than this is stopped and marked failed. */
export const MAX_ANSWER_MS = 10 * 60_000;

export interface AnswerJob {
  actor: Actor;
  workspaceId: string;
  workspaceName: string;
  threadId: string;
  userMessageId: string;
  answerId: string;
  /** When the question was asked: earlier messages are the conversation. */
  askedAt: string;
  question: string;
  model: string;
  fileIds?: string[];
  /** The files the model is told about (the scope, or the workspace's). */
  files: { id: string; filename: string }[];
}

/** Starts writing an answer in this process and returns it live (message_started already sent). */
export function launchAnswer(deps: Deps, job: AnswerJob): LiveAnswer {
  const live = new LiveAnswer(job.answerId, job.threadId);
  live.publish({
    type: "message_started",
    message_id: job.answerId,
    user_message_id: job.userMessageId,
    thread_id: job.threadId,
  });
  const runtime = runtimeFor(deps);
  runtime.start(live, async () => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      live.controller.abort();
    }, MAX_ANSWER_MS);
    timer.unref();
    let status: FinalStatus;
    try {
      status = await pump(deps, live, job);
    } finally {
      clearTimeout(timer);
    }
    if (timedOut) {
      live.publish({
        type: "error",
        code: "agent/timeout",
        message: `The answer took longer than ${MAX_ANSWER_MS / 60_000} minutes and was stopped.`,
      });
      status = "failed";
    }
    // Settled before the end is stored: until then the row is "streaming", so the sweep that
    // settles abandoned answers cannot race this one (a replay of the keys would write nothing).
    await settle(deps, job);
    live.record({ type: "done", message_id: job.answerId, status });
    await runtime.finish(live, status);
  });
  return live;
}

/** Runs the answer's producer into `live`, turning markers into citations and metering model calls. */
async function pump(deps: Deps, live: LiveAnswer, job: AnswerJob): Promise<FinalStatus> {
  const sources = new Sources();
  const citer = new Citer(deps, sources);
  let failed = false;
  try {
    const parts = await producer(deps, live, job, sources);
    for await (const e of parts) {
      if (live.signal.aborted) break;
      if (e.type === "text_delta") {
        for (const out of await citer.feed(e.text)) live.publish(out);
      } else if (e.type === "usage") {
        await meter(deps, job, e);
        live.publish(e);
      } else {
        if (e.type === "error") failed = true;
        live.publish(e);
      }
    }
  } catch (err) {
    if (!live.signal.aborted) {
      failed = true;
      deps.log.error(`[agent] answer ${job.answerId} failed:`, err);
      live.publish({ type: "error", code: "internal", message: "Something went wrong while writing the answer." });
    }
  }
  for (const out of await citer.end()) live.publish(out);
  return live.signal.aborted ? "cancelled" : failed ? "failed" : "complete";
}

async function producer(
  deps: Deps,
  live: LiveAnswer,
  job: AnswerJob,
  sources: Sources,
): Promise<AsyncIterable<StreamEvent>> {
  const base = { actor: job.actor, workspaceId: job.workspaceId, fileIds: job.fileIds, sources };
  if (job.model === SEARCH_MODEL) {
    return searchModeAnswer(deps, {
      ...base,
      query: job.question,
      configured: deps.llm.models.length > 0,
      signal: live.signal,
    });
  }
  return modelAnswer({
    model: deps.llm.languageModel(job.model),
    modelId: job.model,
    system: systemPrompt({ workspaceName: job.workspaceName, files: job.files, limited: Boolean(job.fileIds) }),
    messages: await conversation(deps, { threadId: job.threadId, before: job.askedAt, question: job.question }),
    tools: agentTools({ deps, ...base, threadId: job.threadId, messageId: job.answerId, emit: (e) => live.publish(e) }),
    maxSteps: deps.config.LLM_MAX_STEPS,
    signal: live.signal,
    cost: (u) => deps.llm.cost(u),
  });
}

/** Releases the answer's hold and charges it; a failure is logged and left to the sweep. */
async function settle(deps: Deps, job: AnswerJob): Promise<void> {
  try {
    await settleAnswer(deps, { userId: job.actor.user.id, messageId: job.answerId, model: job.model });
  } catch (err) {
    deps.log.error(`[billing] settling answer ${job.answerId} failed (the sweep retries):`, err);
  }
}

/** One usage row per model call; a metering failure is logged, never the answer's end. */
async function meter(deps: Deps, job: AnswerJob, e: Extract<StreamEvent, { type: "usage" }>): Promise<void> {
  try {
    await recordUsage(deps, {
      userId: job.actor.user.id,
      workspaceId: job.workspaceId,
      threadId: job.threadId,
      messageId: job.answerId,
      model: e.model,
      inputTokens: e.input_tokens,
      outputTokens: e.output_tokens,
      costUsd: e.cost_usd,
    });
  } catch (err) {
    deps.log.error(`[agent] metering a call of answer ${job.answerId} failed:`, err);
  }
}
