import type { SignupCode } from "../../../contracts/signup-codes.ts";

const styles: Record<SignupCode["status"], string> = {
  Active: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  Used: "bg-brand-50 text-brand-700 ring-brand-600/20",
  Inactive: "bg-slate-100 text-slate-600 ring-slate-500/20",
};

export function StatusBadge({ status }: { status: SignupCode["status"] }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[status]}`}>
      {status}
    </span>
  );
}
