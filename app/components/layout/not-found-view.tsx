import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { LogoMark } from "./logo.tsx";

export const NOT_FOUND_REDIRECT_MS = 3000;

/**
 * Spec section 2 "Not-found": shown for unknown paths and for workspaces the visitor may not
 * read. The meta refresh makes the 3-second redirect work without JavaScript; after a client-side
 * navigation the tag is not acted on, so the effect redirects as well.
 */
export function NotFoundView() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate("/", { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <title>Page Not Found</title>
      <meta httpEquiv="refresh" content="3;url=/" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-10 shadow-sm">
        <Link to="/" aria-label="Home" className="inline-block">
          <LogoMark className="h-10 w-10" />
        </Link>
        <p className="mt-6 text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-ink">Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you're looking for doesn't exist or has been moved.</p>
        <p className="mt-6 text-sm text-slate-500">Redirecting to home page in 3 seconds...</p>
      </div>
    </main>
  );
}
