import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { SiteHeader } from "../components/layout/site-header.tsx";
import { MAIN_ID, SkipLink } from "../components/layout/skip-link.tsx";
import { getViewer } from "../lib/viewer.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { ToastHandle } from "../components/ui/lazy-toaster.tsx";
import type { Route } from "./+types/marketing-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { viewer: await getViewer(request, context) };
}

/** The public pages never toast: they skip loading the toaster. */
export const handle: ToastHandle = { toasts: false };

/** Header and footer of every public page. */
export default function MarketingLayout() {
  const { viewer } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <SiteHeader productName={root.env.productName} viewer={viewer} />
      <main id={MAIN_ID} className="flex-1">
        <Outlet />
      </main>
      <SiteFooter env={root.env} />
    </div>
  );
}

/** Marketing pages read the viewer from here. */
export function useViewer() {
  return useRouteLoaderData<typeof loader>("routes/marketing-layout")?.viewer ?? null;
}
