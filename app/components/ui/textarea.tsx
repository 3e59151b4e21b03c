import { useId, type ComponentProps } from "react";

/** A labelled multi-line input, styled like Field. */
export function TextArea({ label, ...props }: ComponentProps<"textarea"> & { label: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        {...props}
      />
    </div>
  );
}
