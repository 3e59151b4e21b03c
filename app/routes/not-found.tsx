import { data } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page Not Found" }, { httpEquiv: "refresh", content: "3;url=/" }];
}

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-3xl font-semibold">Page Not Found</h1>
      <p className="text-slate-600">The page you're looking for doesn't exist or has been moved.</p>
      <p className="text-sm text-slate-500">Redirecting to home page in 3 seconds...</p>
    </main>
  );
}
