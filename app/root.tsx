import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, type LoaderFunctionArgs } from "react-router";
import { Toaster } from "sonner";
import "./app.css";

export async function loader({ context }: LoaderFunctionArgs) {
  return { env: context.publicEnv };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans">
        {children}
        <Toaster position="top-right" duration={4000} visibleToasts={3} gap={14} swipeDirections={["right"]} richColors closeButton />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? error.statusText || "The request could not be completed."
    : "Something went wrong while loading this page.";
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{`Error ${status}`}</title>
      <h1 className="text-2xl font-semibold">{status === 404 ? "Page Not Found" : "Something went wrong"}</h1>
      <p className="text-slate-600">{message}</p>
      <div className="flex gap-3">
        <a href="" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Try Again</a>
        <a href="/home" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100">Go to Home</a>
      </div>
      <p className="text-sm text-slate-500">
        Still stuck? <a className="underline" href="mailto:support@example.com">Contact support</a>.
      </p>
    </main>
  );
}
