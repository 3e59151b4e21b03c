import { formatPercent, usagePercent } from "../../lib/billing-format.ts";

/** A labelled meter; the bar stops at 100% while the text keeps the real figure (spec section 9). */
export function UsageBar({
  label,
  used,
  quota,
  summary,
  testId,
}: {
  label: string;
  used: number;
  quota: number;
  summary: string;
  testId: string;
}) {
  const { percent, width } = usagePercent(used, quota);
  const over = percent >= 100;
  return (
    <div data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-sm font-semibold text-slate-900">{label}</h2>
        <p className="text-sm text-slate-600">
          {summary} <span className="font-medium text-slate-900">({formatPercent(percent)})</span>
        </p>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(width.toFixed(1))}
        aria-valuetext={formatPercent(percent)}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${over ? "bg-red-500" : "bg-brand-600"}`}
          style={{ width: `${width}%` }}
          data-testid={`${testId}-fill`}
        />
      </div>
    </div>
  );
}
