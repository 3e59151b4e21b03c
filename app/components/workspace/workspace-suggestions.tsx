import { useState } from "react";
import { useNavigate } from "react-router";
import { setPendingMessage } from "../../lib/pending-message.ts";
import { Card } from "../ui/card.tsx";
import { SuggestedQuestions } from "../thread/suggested-questions.tsx";
import { useSuggestedQuestions } from "../thread/use-suggested-questions.ts";

/**
 * The Pod page's suggested questions (its owner's, once a document is indexed): a chip starts a
 * thread and asks its question there at once (the pending-message hand-over the demo uses).
 * `indexed` (how many documents are) asks again when it changes.
 */
export function WorkspaceSuggestions({ workspaceId, indexed }: { workspaceId: string; indexed: number }) {
  const suggestions = useSuggestedQuestions(workspaceId, 4, String(indexed));
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (suggestions.state === "ok" && suggestions.prompts.length === 0) return null;

  const start = async (question: string) => {
    setBusy(question);
    setError(null);
    try {
      const res = await fetch(`/resources/workspaces/${encodeURIComponent(workspaceId)}/suggested-prompts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ start: true }),
        credentials: "same-origin",
      });
      const body = (await res.json().catch(() => null)) as { thread_id?: string; error?: { message?: string } } | null;
      if (!res.ok || !body?.thread_id) throw new Error(body?.error?.message ?? "The thread could not be started.");
      setPendingMessage(body.thread_id, question);
      await navigate(`/workspace/${workspaceId}/thread/${body.thread_id}`);
    } catch (err) {
      setError((err as Error).message);
      setBusy(null);
    }
  };

  return (
    <Card className="mb-4 p-4">
      <SuggestedQuestions suggestions={suggestions} onPick={(q) => void start(q)} busy={busy} />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
