import { ComingSoon } from "../components/admin/coming-soon.tsx";
import type { Route } from "./+types/admin-users";
import { requireAdmin } from "../lib/admin-guard.server.ts";
import { pageMeta } from "../components/ui/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { productName: context.publicEnv.productName };
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Users · Admin · ${d?.productName ?? ""}`);
}

export default function AdminUsers() {
  return <ComingSoon title="Users" message="User management coming soon" />;
}
