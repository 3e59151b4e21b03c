import { Link } from "react-router";
import { TrustNotes } from "./hero.tsx";

/** Closing call to action: to /signup for visitors, to /home when signed in. */
export function CtaBand({ signedIn, label = "Try the product for Free" }: { signedIn: boolean; label?: string }) {
  return (
    <section className="bg-ink">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight text-white">Put your next data room in a Pod</h2>
        <p className="text-lg text-slate-300">
          Upload documents, ask your first question and check every citation in minutes.
        </p>
        {signedIn ? (
          <Link to="/home" className="rounded-md bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50">
            Go to App
          </Link>
        ) : (
          <Link to="/signup" className="rounded-md bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50">
            {label}
          </Link>
        )}
        <div className="[&_li]:text-slate-300">
          <TrustNotes />
        </div>
      </div>
    </section>
  );
}
