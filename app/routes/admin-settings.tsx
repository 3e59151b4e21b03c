import { ComingSoon } from "../components/admin/coming-soon.tsx";
import type { Route } from "./+types/admin-settings";
import { requireAdmin } from "../lib/admin-guard.server.ts";
import { pageMeta } from "../components/ui/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { productName: context.publicEnv.productName };
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Settings · Admin · ${d?.productName ?? ""}`);
}

export default function AdminSettings() {
  return <ComingSoon title="Settings" message="Admin settings coming soon" />;
}
