import { Link } from "react-router";
import { DemoPrompt } from "./demo-prompt.tsx";

export function TrustNotes() {
  const check = (
    <svg viewBox="0 0 20 20" className="h-4 w-4 text-emerald-600" aria-hidden fill="currentColor">
      <path d="M8 13.2 4.8 10l-1.1 1.1L8 15.4l8.3-8.3-1.1-1.1z" />
    </svg>
  );
  return (
    <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600">
      <li className="flex items-center gap-1.5">{check}No credit card required</li>
      <li className="flex items-center gap-1.5">{check}Enterprise secure</li>
    </ul>
  );
}

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 pb-16 pt-14 text-center sm:px-6 md:pt-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          For finance, law, research and tax teams
        </p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-6xl">The AI Analyst</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600">
          Put your filings, contracts and data rooms into a Pod, ask questions in plain language, and get answers that
          cite the exact page, with models you can trace and export to Excel.
        </p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          {signedIn ? (
            <Link to="/home" className="btn-primary px-6 py-3 text-base">
              Go to App
            </Link>
          ) : (
            <Link to="/signup" className="btn-primary px-6 py-3 text-base">
              Get Started Free
            </Link>
          )}
          <Link to="/features" className="btn-secondary px-6 py-3 text-base">
            See Features
          </Link>
        </div>
        <div className="mt-5">
          <TrustNotes />
        </div>
        <div className="mt-12">
          <DemoPrompt signedIn={signedIn} />
        </div>
      </div>
    </section>
  );
}
