import type { SignupCode } from "../../../contracts/signup-codes.ts";
import { Card } from "../ui/card.tsx";
import { CopyCodeButton, DeactivateCodeForm } from "./code-actions.tsx";
import { StatusBadge } from "./status-badge.tsx";

// A fixed zone keeps server and browser rendering the same text (no hydration mismatch).
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatDate = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

export function SignupCodeTable({ codes, highlight }: { codes: SignupCode[]; highlight?: string }) {
  if (codes.length === 0) {
    return (
      <Card className="px-6 py-12 text-center">
        <p className="text-sm font-medium text-slate-900">No signup codes yet</p>
        <p className="mt-1 text-sm text-slate-600">Codes you create appear here with their status.</p>
      </Card>
    );
  }
  const th = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500";
  return (
    <Card className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Signup codes, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Code
            </th>
            <th scope="col" className={th}>
              Description
            </th>
            <th scope="col" className={th}>
              Created
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Used by
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {codes.map((c) => (
            <tr key={c.code} data-code={c.code} className={c.code === highlight ? "bg-brand-50/60" : undefined}>
              <td className="whitespace-nowrap px-4 py-3 font-mono font-medium text-slate-900">{c.code}</td>
              <td className="max-w-64 truncate px-4 py-3 text-slate-700" title={c.description ?? undefined}>
                {c.description || <span className="text-slate-400">—</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDate(c.createdAt)}</td>
              <td className="px-4 py-3">
                <StatusBadge status={c.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                {c.usedBy || c.usedByEmail ? (
                  <>
                    <span className="block max-w-56 truncate" title={c.usedBy ?? undefined}>
                      {c.usedByEmail ?? c.usedBy}
                    </span>
                    {c.usedAt ? <span className="block text-xs text-slate-500">{formatDate(c.usedAt)}</span> : null}
                  </>
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                {c.status === "Active" ? (
                  <div className="flex justify-end gap-2">
                    <CopyCodeButton code={c.code} />
                    <DeactivateCodeForm code={c.code} />
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
