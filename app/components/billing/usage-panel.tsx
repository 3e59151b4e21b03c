import { Link } from "react-router";
import type { Payment, UsageItem } from "../../../contracts/billing.ts";
import { formatGb, formatMoney, formatUsd } from "../../lib/billing-format.ts";
import { formatCount, formatDate } from "../../lib/format.ts";
import { formatCredits } from "../../lib/pricing.ts";
import { Alert } from "../ui/alert.tsx";
import { UsageBar } from "./usage-bar.tsx";

export interface UsageData {
  billingEnabled: boolean;
  plan: string | null;
  storage: { used_storage: number; storage_quota: number };
  credits: { balance: number; quota: number; computeUsedUsd: number };
  usages: { items: UsageItem[]; next_cursor: string | null } | null;
  payments: { items: Payment[]; next_cursor: string | null } | null;
}

/**
 * Spec section 2's Usage panel: the Storage Usage and Compute Credits bars, the 'Subscribe now'
 * prompt for users without a plan, then the usage and payment histories. Billing off: storage
 * and the compute used, no credits or payments.
 */
export function UsagePanel({
  usage,
  usageAfter,
  paymentsAfter,
}: {
  usage: UsageData | null;
  usageAfter: string | null;
  paymentsAfter: string | null;
}) {
  if (!usage)
    return (
      <Alert tone="error" className="mt-6">
        Error loading usage information
      </Alert>
    );
  const { storage, credits } = usage;
  const creditsUsed = Math.max(0, credits.quota - credits.balance);
  return (
    <div className="mt-6 space-y-8">
      {usage.billingEnabled && usage.plan === null && (
        <div className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-sm text-brand-700">
          <p>
            You don&apos;t have a subscription. Subscribe to get credits and storage to upload files and ask questions.
          </p>
          <Link to="/subscription" className="btn-primary mt-3">
            Subscribe now
          </Link>
        </div>
      )}
      <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {storage.storage_quota > 0 || usage.billingEnabled ? (
          <UsageBar
            label="Storage Usage"
            testId="storage-usage"
            used={storage.used_storage}
            quota={storage.storage_quota}
            summary={`${formatGb(storage.used_storage)} of ${formatGb(storage.storage_quota)}`}
          />
        ) : (
          <div data-testid="storage-usage">
            <h2 className="text-sm font-semibold text-slate-900">Storage Usage</h2>
            <p className="mt-1 text-sm text-slate-600">{formatGb(storage.used_storage)} used (no quota)</p>
          </div>
        )}
        {usage.billingEnabled ? (
          <div>
            <UsageBar
              label="Compute Credits"
              testId="compute-credits"
              used={creditsUsed}
              quota={credits.quota}
              summary={`${formatCredits(creditsUsed)} of ${formatCredits(credits.quota)} credits used`}
            />
            <p className="mt-2 text-sm text-slate-600" data-testid="credit-balance">
              Balance: {formatCount(credits.balance)} credits
            </p>
          </div>
        ) : (
          <div data-testid="compute-credits">
            <h2 className="text-sm font-semibold text-slate-900">Compute Credits</h2>
            <p className="mt-1 text-sm text-slate-600">Compute used: {formatUsd(credits.computeUsedUsd)}</p>
            <p className="mt-1 text-xs text-slate-500">Billing is not enabled on this server: nothing is charged.</p>
          </div>
        )}
      </div>
      {usage.usages && (
        <History
          title="Usage history"
          empty="No usage yet."
          param="usage_after"
          after={usageAfter}
          otherParam={["payments_after", paymentsAfter]}
          next={usage.usages.next_cursor}
          headers={["Date", "Description", "Credits", "Balance"]}
          rows={usage.usages.items.map((u) => ({
            id: u.id,
            cells: [
              formatDate(u.created_at),
              u.description + (u.cost_usd ? ` (${formatUsd(u.cost_usd)})` : ""),
              `${u.credits > 0 ? "+" : ""}${u.credits.toLocaleString("en-US")}`,
              u.balance_after.toLocaleString("en-US"),
            ],
          }))}
        />
      )}
      {usage.payments && (
        <History
          title="Payment history"
          empty="No payments yet."
          param="payments_after"
          after={paymentsAfter}
          otherParam={["usage_after", usageAfter]}
          next={usage.payments.next_cursor}
          headers={["Date", "Description", "Amount", "Status"]}
          rows={usage.payments.items.map((p) => ({
            id: p.id,
            cells: [formatDate(p.created_at), p.description, formatMoney(p.amount, p.currency), capitalise(p.status)],
          }))}
        />
      )}
    </div>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function History({
  title,
  empty,
  headers,
  rows,
  param,
  after,
  otherParam,
  next,
}: {
  title: string;
  empty: string;
  headers: string[];
  rows: { id: string; cells: string[] }[];
  param: string;
  after: string | null;
  otherParam: [string, string | null];
  next: string | null;
}) {
  const href = (cursor: string | null) => {
    const q = new URLSearchParams();
    if (cursor) q.set(param, cursor);
    if (otherParam[1]) q.set(otherParam[0], otherParam[1]);
    const s = q.toString();
    return s ? `/usage?${s}` : "/usage";
  };
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {after ? "No older entries." : empty}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                {headers.map((h, i) => (
                  <th key={h} scope="col" className={`px-4 py-2.5 font-medium ${i >= 2 ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  {r.cells.map((c, i) => (
                    <td
                      key={i}
                      className={`px-4 py-2.5 ${i >= 2 ? "text-right tabular-nums" : ""} ${i === 0 ? "whitespace-nowrap text-slate-600" : "text-slate-800"}`}
                    >
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(after || next) && (
        <nav aria-label={`${title} pages`} className="mt-3 flex gap-3 text-sm">
          {after && (
            <Link to={href(null)} className="btn-secondary">
              Newest
            </Link>
          )}
          {next && (
            <Link to={href(next)} className="btn-secondary">
              Older
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
