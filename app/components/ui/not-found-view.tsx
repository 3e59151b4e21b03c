/** Spec section 2 "Not-found": shown for unknown paths and for workspaces the visitor may not read. */
export function NotFoundView() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-3 px-6 text-center">
      <title>Page Not Found</title>
      <meta httpEquiv="refresh" content="3;url=/" />
      <h1 className="text-3xl font-semibold">Page Not Found</h1>
      <p className="text-slate-600">The page you're looking for doesn't exist or has been moved.</p>
      <p className="text-sm text-slate-500">Redirecting to home page in 3 seconds...</p>
    </main>
  );
}
