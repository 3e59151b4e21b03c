import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";
import { LogoMark } from "../components/layout/logo.tsx";

export const NOT_FOUND_REDIRECT_MS = 3000;

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  // The meta refresh makes the 3-second redirect work without JavaScript too.
  return [
    { title: "Page Not Found" },
    { name: "description", content: "The page you're looking for doesn't exist or has been moved." },
    { name: "robots", content: "noindex" },
    { httpEquiv: "refresh", content: "3;url=/" },
  ];
}

export default function NotFound() {
  const navigate = useNavigate();
  useEffect(() => {
    // After a client-side navigation the meta tag is not acted on, so redirect from here as well.
    const t = setTimeout(() => navigate("/", { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-10 shadow-sm">
        <Link to="/" aria-label="Home" className="inline-block"><LogoMark className="h-10 w-10" /></Link>
        <p className="mt-6 text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-ink">Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you're looking for doesn't exist or has been moved.</p>
        <p className="mt-6 text-sm text-slate-500">Redirecting to home page in 3 seconds...</p>
      </div>
    </main>
  );
}
