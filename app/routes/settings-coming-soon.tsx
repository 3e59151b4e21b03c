import { useLoaderData } from "react-router";
import { SETTINGS_LINKS } from "../components/layout/app-mobile-menu.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { settingsTabFor } from "../components/settings/settings-shell.tsx";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/settings-coming-soon";

/** Subscription, Usage / Balance and Account Management: their screens arrive with the billing issue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const tab = settingsTabFor(new URL(request.url).pathname);
  const title = SETTINGS_LINKS.find((l) => l.to === tab)?.label ?? "Settings";
  return { title, productName: context.publicEnv.productName };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    ...pageMeta(`${data?.title ?? "Settings"} · ${data?.productName ?? ""}`),
    { name: "robots", content: "noindex" },
  ];
}

export default function SettingsComingSoon() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">This page is coming soon.</p>
    </section>
  );
}
