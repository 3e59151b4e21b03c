import { redirect, useRouteLoaderData } from "react-router";
import { pageMeta } from "../lib/seo.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/redirect-support";

/** /support goes to the external support form (SUPPORT_URL); without one, it shows the email. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.publicEnv.supportUrl) throw redirect(context.publicEnv.supportUrl, 302);
  return null;
}

export function meta() {
  return pageMeta({ title: "Support", description: "How to reach support." });
}

export default function Support() {
  const env = useRouteLoaderData<typeof rootLoader>("root")?.env;
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Support</h1>
      <p className="mt-4 text-lg text-slate-600">
        Email us at{" "}
        <a className="font-medium text-brand-700 underline" href={`mailto:${env?.supportEmail}`}>
          {env?.supportEmail}
        </a>{" "}
        and we will get back to you.
      </p>
    </div>
  );
}
