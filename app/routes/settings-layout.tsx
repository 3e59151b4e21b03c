import { Outlet, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { SettingsShell } from "../components/settings/settings-shell.tsx";
import { requireUser } from "../lib/session.server.ts";
import { userView } from "../lib/user-view.ts";
import type { Route } from "./+types/settings-layout";

/** The settings area (/settings, /subscription, /usage, /account, /published): signed-in only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { productName: context.publicEnv.productName, user: userView(user) };
}

/** The header and tabs do not change between tabs; a form posted in a tab does not change them either. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function SettingsLayout() {
  const { productName, user } = useLoaderData<typeof loader>();
  return (
    <SettingsShell productName={productName} user={user}>
      <Outlet />
    </SettingsShell>
  );
}
