import type { Prompt } from "../../../contracts/library.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { IntentForm } from "../ui/intent-form.tsx";
import { Popover } from "../ui/popover.tsx";
import { TextArea } from "../ui/textarea.tsx";

const small = "rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600";

function PromptFields({ prompt }: { prompt?: Prompt }) {
  return (
    <>
      <Field label="Title" name="title" required maxLength={200} defaultValue={prompt?.title} autoComplete="off" />
      <TextArea label="Prompt" name="content" required rows={4} maxLength={20000} defaultValue={prompt?.content} />
    </>
  );
}

export function PromptsPanel({ prompts }: { prompts: Prompt[] }) {
  return (
    <Card className="self-start">
      <header className="border-b border-slate-100 px-5 py-4">
        <h2 className="text-base font-semibold text-slate-900">Saved prompts</h2>
        <p className="text-sm text-slate-500">Questions you ask often, ready to reuse.</p>
      </header>
      <div className="space-y-4 p-5">
        <IntentForm intent="create-prompt" className="space-y-3" key={prompts.length}>
          {(pending) => (
            <>
              <PromptFields />
              <Button pending={pending} disabled={pending}>
                {pending ? "Saving..." : "Save prompt"}
              </Button>
            </>
          )}
        </IntentForm>
        {prompts.length === 0 ? (
          <p className="text-sm text-slate-500">No saved prompts yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Saved prompts">
            {prompts.map((p) => (
              <li key={p.id} aria-label={p.title} className="space-y-1 px-3 py-2.5">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 break-words text-sm font-medium text-slate-900">{p.title}</p>
                  <div className="flex shrink-0 items-center gap-1">
                    <Popover
                      key={p.updated_at}
                      label="Edit"
                      ariaLabel={`Edit ${p.title}`}
                      summaryClassName={`${small} text-slate-700 hover:bg-slate-100`}
                      panelClassName="sm:w-80"
                    >
                      <IntentForm intent="update-prompt" fields={{ promptId: p.id }} className="space-y-3">
                        {(pending) => (
                          <>
                            <PromptFields prompt={p} />
                            <Button pending={pending} disabled={pending} className="w-full py-1.5">
                              {pending ? "Saving..." : "Save changes"}
                            </Button>
                          </>
                        )}
                      </IntentForm>
                    </Popover>
                    <IntentForm
                      intent="delete-prompt"
                      fields={{ promptId: p.id }}
                      confirm={`Delete the prompt "${p.title}"?`}
                    >
                      {(pending) => (
                        <button
                          type="submit"
                          disabled={pending}
                          className={`${small} text-red-700 hover:bg-red-50`}
                          aria-label={`Delete ${p.title}`}
                        >
                          Delete
                        </button>
                      )}
                    </IntentForm>
                  </div>
                </div>
                <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-600">{p.content}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
