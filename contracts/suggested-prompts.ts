import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const SUGGESTED_PROMPTS_MAX = 8;
export const SUGGESTED_PROMPTS_DEFAULT = 4;

export const suggestedPrompts = z.object({
  prompts: z.array(z.string()),
  /** "model": the language model wrote them (LLM_SUGGEST_PROMPTS); "documents": built from the documents' profiles and headings. */
  generated_by: z.enum(["model", "documents"]),
});
export type SuggestedPrompts = z.infer<typeof suggestedPrompts>;

export const autoGeneratePrompts = endpoint({
  method: "post",
  path: "/workspaces/{id}/auto_generate_prompts",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "Suggested questions for a Pod from its indexed documents (owner); none when nothing is indexed",
  params: z.object({ id: z.string().min(1).max(100) }),
  // Defaulted by the handler: an absent JSON body reaches it unvalidated (as {}).
  body: z
    .object({
      count: z
        .number()
        .int()
        .min(1)
        .max(SUGGESTED_PROMPTS_MAX)
        .optional()
        .describe(`How many questions (default ${SUGGESTED_PROMPTS_DEFAULT})`),
    })
    .optional(),
  response: suggestedPrompts,
});
