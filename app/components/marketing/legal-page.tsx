export const LEGAL_LAST_MODIFIED = "Last modified: February 10, 2025";

export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="prose-legal mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="!mt-2 text-sm text-slate-500">{LEGAL_LAST_MODIFIED}</p>
      {children}
    </article>
  );
}
