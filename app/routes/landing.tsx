import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

export function meta() {
  return [{ title: "The AI Analyst" }, { name: "description", content: "AI agents that read your data room and cite the exact page." }];
}

export default function Landing() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-5xl font-bold tracking-tight">The AI Analyst</h1>
      <p className="text-lg text-slate-600">{data?.env.productName} reads your documents and cites the exact page.</p>
      <div className="flex gap-3">
        <Link to="/signup" className="rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">Get Started Free</Link>
        <Link to="/login" className="rounded-md border border-slate-300 px-5 py-2.5 font-medium hover:bg-white">Log In</Link>
      </div>
    </main>
  );
}
