import type { StreamEvent } from "../../../contracts/agent.ts";
import type { Deps } from "../../deps.ts";
import type { Actor } from "../../platform/http/context.ts";
import type { Sources } from "../sources.ts";

export interface ToolContext {
  deps: Deps;
  actor: Actor;
  workspaceId: string;
  /** The question's file scope; undefined: the whole workspace. */
  fileIds?: string[];
  sources: Sources;
  /** The thread being answered in, and the answer (thread files it writes name both). */
  threadId?: string;
  messageId?: string;
  /** Sends an event into the live answer (e.g. file_version_created). */
  emit?: (e: StreamEvent) => void;
}

/** A tool's refusal, shown to the model (and the client) as an error result. */
export class ToolInputError extends Error {}
