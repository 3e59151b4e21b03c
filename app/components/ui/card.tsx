import type { ReactNode } from "react";

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}>{children}</div>;
}

/** A centred single-card page: sign-in, email actions, sign-out. */
export function CardPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10 sm:px-6">
      <div className={`w-full ${wide ? "max-w-lg" : "max-w-md"}`}>{children}</div>
    </main>
  );
}
