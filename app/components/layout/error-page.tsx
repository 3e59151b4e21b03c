import { useEffect, useState } from "react";
import { LogoMark } from "./logo.tsx";

/** The generic error page: title, message, 'Try Again' and 'Go Back' or 'Go to Home', support mailto. */
export function ErrorPage({
  title,
  message,
  supportEmail,
  retry = true,
}: {
  title: string;
  message: string;
  supportEmail: string;
  retry?: boolean;
}) {
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => setCanGoBack(window.history.length > 1), []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-10 shadow-sm">
        <LogoMark className="mx-auto h-10 w-10" />
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        <p className="mt-3 text-slate-600">{message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {retry && (
            <button type="button" onClick={() => window.location.reload()} className="btn-primary">
              Try Again
            </button>
          )}
          {canGoBack ? (
            <button type="button" onClick={() => window.history.back()} className="btn-secondary">
              Go Back
            </button>
          ) : (
            <a href="/" className="btn-secondary">
              Go to Home
            </a>
          )}
        </div>
        <p className="mt-8 text-sm text-slate-500">
          Still stuck?{" "}
          <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
            Email {supportEmail}
          </a>
        </p>
      </div>
    </main>
  );
}
