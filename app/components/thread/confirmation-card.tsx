import { useState } from "react";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import type { AnswerStatus, Confirmation } from "./answer-state.ts";

/** Sends the user's answer; resolves with an error message to show, or null when it was taken. */
export type AnswerConfirmation = (confirmationId: string, approve: boolean) => Promise<string | null>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

const FILE_STATUS: Record<string, string> = {
  uploading: "Importing…",
  uploaded: "Queued",
  indexing: "Indexing…",
  indexed: "Ready",
  failed: "Failed",
};

/**
 * What an answer asks before it acts: the SEC filings the agent wants to import, with 'Import N
 * filings' and 'Cancel' while it waits, then how it ended. Built from the answer's events, so a
 * follower, a refresh or a replay shows the same card; a request still pending in an answer that
 * has ended shows as expired.
 */
export function ConfirmationCard({
  confirmation: c,
  answerStatus,
  onAnswer,
}: {
  confirmation: Confirmation;
  answerStatus: AnswerStatus;
  /** null: the viewer may not answer (a reader, a snapshot). */
  onAnswer: AnswerConfirmation | null;
}) {
  const [sending, setSending] = useState<"approve" | "decline" | null>(null);
  const [sent, setSent] = useState<"approve" | "decline" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const status = c.status === "pending" && answerStatus !== "streaming" ? "expired" : c.status;
  const n = c.filings.length;

  const answer = async (approve: boolean) => {
    if (!onAnswer || sending) return;
    setSending(approve ? "approve" : "decline");
    setProblem(null);
    const error = await onAnswer(c.id, approve);
    setSending(null);
    if (error) setProblem(error);
    else setSent(approve ? "approve" : "decline");
  };

  return (
    <section
      aria-label="Import from SEC EDGAR"
      data-testid="confirmation-card"
      data-status={status}
      className="my-2 rounded-lg border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          Import {plural(n, "SEC filing")} into this Pod{status === "pending" ? "?" : ""}
        </p>
        <span aria-live="polite">
          <OutcomeBadge status={status} />
        </span>
      </div>
      <ul className="mt-2 space-y-1" aria-label="Filings">
        {c.filings.map((f) => (
          <li key={f.accession_number} className="min-w-0 text-sm text-slate-700">
            <span className="font-medium">{f.company}</span> · {f.form}
            {f.period ? ` · period ${f.period}` : ""} · filed {f.filed_at}
            <span className="block break-all text-xs text-slate-500">{f.accession_number}</span>
          </li>
        ))}
      </ul>
      {c.includeExhibits ? <p className="mt-1 text-xs text-slate-500">With their exhibits.</p> : null}

      {status === "pending" && onAnswer && !sent ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            type="button"
            pending={sending === "approve"}
            disabled={sending !== null}
            onClick={() => void answer(true)}
          >
            Import {plural(n, "filing")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={sending === "decline"}
            disabled={sending !== null}
            onClick={() => void answer(false)}
          >
            Cancel
          </Button>
        </div>
      ) : null}
      {status === "pending" && (sent || !onAnswer) ? (
        <p className="mt-2 flex items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-3" />
          {sent === "approve" ? "Importing…" : sent === "decline" ? "Cancelling…" : "Waiting for the owner to confirm."}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}

      {status === "approved" && c.files.length ? (
        <ul className="mt-2 space-y-1 border-t border-slate-100 pt-2" aria-label="Imported files">
          {c.files.map((f) => (
            <li key={f.id} className="flex min-w-0 items-center justify-between gap-2 text-xs text-slate-600">
              <span className="truncate">{f.filename}</span>
              <span className={f.status === "failed" ? "shrink-0 text-red-700" : "shrink-0"}>
                {FILE_STATUS[f.status] ?? f.status}
              </span>
            </li>
          ))}
        </ul>
      ) : status === "approved" && !c.failures.length ? (
        <p className="mt-2 flex items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-3" /> Importing…
        </p>
      ) : null}
      {c.failures.map((f) => (
        <p key={f.accession_number} className="mt-1 text-xs text-red-700">
          {f.accession_number}: {f.message}
        </p>
      ))}
    </section>
  );
}

function OutcomeBadge({ status }: { status: Confirmation["status"] }) {
  if (status === "approved") return <Badge tone="green">Approved</Badge>;
  if (status === "declined") return <Badge>Declined: not imported</Badge>;
  if (status === "expired") return <Badge tone="amber">Expired: not imported</Badge>;
  if (status === "cancelled") return <Badge>Stopped: not imported</Badge>;
  return <Badge tone="brand">Needs your OK</Badge>;
}
