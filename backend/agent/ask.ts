import crypto from "node:crypto";
import { SEARCH_MODEL } from "../../contracts/agent.ts";
import { AppError } from "../../contracts/errors.ts";
import { assertCanAsk, holdForAnswer } from "../billing/charges.ts";
import type { Deps } from "../deps.ts";
import { listQuestionFiles } from "../files/repo.ts";
import type { Actor } from "../platform/http/context.ts";
import * as messages from "../threads/message-repo.ts";
import { loadThread } from "../threads/service.ts";
import { notFound } from "../workspaces/policy.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import type { LiveAnswer } from "./live.ts";
import { launchAnswer } from "./run.ts";
import { DEFAULT_THREAD_NAME } from "../threads/service.ts";
import { titleFromQuery } from "../threads/title.ts";
import { nameWithModel } from "./title.ts";

/** The model a question names, checked: default the first configured one, else search mode. */
export function resolveModel(deps: Deps, asked: string | undefined): string {
  const offered = [...deps.llm.models, SEARCH_MODEL];
  const model = asked ?? offered[0]!;
  if (!offered.includes(model)) {
    throw new AppError("agent/unknown-model", `Unknown model "${model}". Available: ${offered.join(", ")}.`, {
      model: `Choose one of: ${offered.join(", ")}`,
    });
  }
  return model;
}

/** The files a question is about: all of the workspace's, or the given ones (each must be there). */
async function filesInScope(deps: Deps, workspaceId: string, fileIds: string[] | undefined, lenient = false) {
  const files = await listQuestionFiles(deps.db.kysely, {
    workspaceId,
    fileIds,
    limit: fileIds ? fileIds.length : 200,
  });
  if (fileIds && !lenient && files.length < new Set(fileIds).size) {
    const known = new Set(files.map((f) => f.id));
    const missing = fileIds.filter((id) => !known.has(id));
    throw new AppError("validation_failed", "Some files are not in this workspace.", {
      file_ids: `Unknown file ids: ${missing.join(", ")}`,
    });
  }
  return files;
}

/**
 * Asks a question in a thread: every check that can fail runs first (the caller may still answer
 * with an HTTP error), then the question and an empty answer (status streaming) are stored and the
 * answer starts. A thread still named "New thread" is named after its first question (from its
 * words at once; by the model afterwards with LLM_AUTO_TITLE).
 */
export async function askQuestion(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; query: string; model?: string; fileIds?: string[] },
): Promise<LiveAnswer> {
  const ws = await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const thread = await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const model = resolveModel(deps, o.model);
  const fileIds = o.fileIds ? [...new Set(o.fileIds)] : undefined;
  const files = await filesInScope(deps, o.workspaceId, fileIds);
  // Billing on: a plan and credits, checked now so a refusal is an HTTP error, not a stream.
  const billed = await assertCanAsk(deps, { userId: o.actor.user.id, model });
  const userMessageId = crypto.randomUUID();
  const answerId = crypto.randomUUID();
  const asked = new Date();
  const askedAt = asked.toISOString();
  // The answer sorts after its question even within the same millisecond.
  const answeredAt = new Date(asked.getTime() + 1).toISOString();
  // The first question names a thread nobody named.
  const rename =
    thread.name === DEFAULT_THREAD_NAME ? { from: DEFAULT_THREAD_NAME, to: titleFromQuery(o.query) } : undefined;
  const hold = { userId: o.actor.user.id, threadId: o.threadId, workspaceId: o.workspaceId, model };
  const renamed = await deps.db.kysely.transaction().execute(async (tx) => {
    // The hold first: when another answer took the credits meanwhile, no message is stored.
    if (billed) await holdForAnswer(tx, { ...hold, messageId: answerId });
    return messages.insertQuestionAndAnswer(tx, {
      threadId: o.threadId,
      userId: o.actor.user.id,
      questionId: userMessageId,
      answerId,
      query: o.query,
      fileIds,
      model,
      askedAt,
      answeredAt,
      rename,
    });
  });
  if (renamed)
    nameWithModel(deps, {
      actor: o.actor,
      workspaceId: o.workspaceId,
      threadId: o.threadId,
      query: o.query,
      model,
      plain: renamed,
    });
  return launchAnswer(deps, {
    actor: o.actor,
    workspaceId: o.workspaceId,
    workspaceName: ws.name,
    threadId: o.threadId,
    userMessageId,
    answerId,
    askedAt,
    question: o.query,
    model,
    fileIds,
    files,
  });
}

/**
 * Answers a question again: a new answer beside the earlier ones (same parent question), made the
 * active one. `messageId` is the question or one of its answers.
 */
export async function regenerate(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; messageId: string; model?: string },
): Promise<LiveAnswer> {
  const ws = await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const byId = (id: string) => messages.findThreadMessage(deps.db.kysely, { threadId: o.threadId, messageId: id });
  const m = await byId(o.messageId);
  if (!m) throw notFound("Message");
  const question = m.role === "user" ? m : m.parent_id ? await byId(m.parent_id) : undefined;
  if (!question || question.role !== "user")
    throw new AppError("agent/no-question", "This answer has no question to answer again.");
  const model = resolveModel(deps, o.model);
  const asked = question.file_ids ? (JSON.parse(question.file_ids) as string[]) : undefined;
  // Files deleted since keep out of scope; with none left the question covers the workspace.
  const scoped = asked ? await filesInScope(deps, o.workspaceId, asked, true) : undefined;
  const fileIds = scoped?.length ? scoped.map((f) => f.id) : undefined;
  const files = scoped?.length ? scoped : await filesInScope(deps, o.workspaceId, undefined);
  const billed = await assertCanAsk(deps, { userId: o.actor.user.id, model });
  const answerId = crypto.randomUUID();
  await deps.db.kysely.transaction().execute(async (tx) => {
    if (billed)
      await holdForAnswer(tx, {
        userId: o.actor.user.id,
        threadId: o.threadId,
        workspaceId: o.workspaceId,
        model,
        messageId: answerId,
      });
    await messages.insertRegeneratedAnswer(tx, {
      threadId: o.threadId,
      questionId: question.id,
      answerId,
      model,
      userId: o.actor.user.id,
    });
  });
  return launchAnswer(deps, {
    actor: o.actor,
    workspaceId: o.workspaceId,
    workspaceName: ws.name,
    threadId: o.threadId,
    userMessageId: question.id,
    answerId,
    askedAt: question.created_at,
    question: question.content,
    model,
    fileIds,
    files,
  });
}
