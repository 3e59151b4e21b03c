import { generateText } from "ai";
import type { SuggestedPrompts } from "../../contracts/suggested-prompts.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { documentName, questionsFromDocuments, type DocumentFacts } from "./document-questions.ts";
import { recordUsage } from "./repo.ts";
import * as repo from "./suggestions-repo.ts";

/** Documents looked at: the newest ones say what the Pod is about. */
const MAX_DOCUMENTS = 12;
/** Characters of each document's first page the model reads. */
const FIRST_PAGE_CHARS = 1_200;
const SUGGEST_TIMEOUT_MS = 20_000;

/**
 * Questions to suggest for a Pod (its owner's, to ask). With LLM_SUGGEST_PROMPTS and a model,
 * the model writes them from the documents' profiles and first pages (metered like any call);
 * otherwise, or when the model fails or answers nothing usable, they are built from the
 * documents' profiles and headings. A Pod with nothing indexed suggests nothing.
 */
export async function suggestPrompts(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; count: number },
): Promise<SuggestedPrompts> {
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const rows = await repo.listSuggestionDocuments(deps.db.kysely, { workspaceId: o.workspaceId, limit: MAX_DOCUMENTS });
  if (rows.length === 0) return { prompts: [], generated_by: "documents" };
  const versionIds = rows.map((r) => r.versionId);
  const headings = await repo.listHeadings(deps.db.kysely, { versionIds, perVersion: 6 });
  const docs: DocumentFacts[] = rows.map((r) => ({ ...r, headings: headings.get(r.versionId) ?? [] }));

  const model = deps.llm.models[0];
  if (deps.config.LLM_SUGGEST_PROMPTS && model) {
    try {
      const firstPages = await repo.listFirstPages(deps.db.kysely, versionIds);
      const prompts = await askModel(deps, { ...o, model, docs, firstPages, versionIds });
      if (prompts.length > 0) return { prompts, generated_by: "model" };
      deps.log.warn("[agent] suggested questions: the model answered none; built from the documents instead");
    } catch (err) {
      deps.log.warn("[agent] suggested questions by the model failed; built from the documents instead:", err);
    }
  }
  return { prompts: questionsFromDocuments(docs, o.count), generated_by: "documents" };
}

async function askModel(
  deps: Deps,
  o: {
    actor: Actor;
    workspaceId: string;
    count: number;
    model: string;
    docs: DocumentFacts[];
    firstPages: Map<string, string>;
    versionIds: string[];
  },
): Promise<string[]> {
  const described = o.docs.map((d, i) => {
    const facts = [d.kind, d.issuer, d.period, d.form && `Form ${d.form}`].filter(Boolean).join(", ");
    const page = (o.firstPages.get(o.versionIds[i]!) ?? "").replace(/\s+/g, " ").trim().slice(0, FIRST_PAGE_CHARS);
    return `Document ${i + 1}: ${documentName(d)}${facts ? ` (${facts})` : ""}\nFirst page: ${page || "(no text)"}`;
  });
  const r = await generateText({
    model: deps.llm.languageModel(o.model),
    system:
      `Suggest ${o.count} questions an analyst could ask about the user's documents, each answerable from them ` +
      "and naming the document, company or period it is about. Answer with one question per line, nothing else.",
    prompt: described.join("\n\n"),
    maxOutputTokens: 60 * o.count,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(SUGGEST_TIMEOUT_MS),
  });
  const inputTokens = r.usage.inputTokens ?? 0;
  const outputTokens = r.usage.outputTokens ?? 0;
  await recordUsage(deps, {
    userId: o.actor.user.id,
    workspaceId: o.workspaceId,
    threadId: null,
    messageId: null,
    model: o.model,
    inputTokens,
    outputTokens,
    costUsd: deps.llm.cost({ inputTokens, outputTokens }),
  });
  return parseQuestions(r.text, o.count);
}

/** One question per line, list markers and quotes dropped; blank, tiny or huge lines skipped. */
export function parseQuestions(text: string, count: number): string[] {
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw
      .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "")
      .replace(/^["“']+|["”']+$/g, "")
      .replace(/\s+/g, " ")
      .trim();
    if (line.length < 8 || line.length > 300 || out.includes(line)) continue;
    out.push(line);
    if (out.length === count) break;
  }
  return out;
}
