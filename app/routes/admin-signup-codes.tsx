import { data, redirect, useLoaderData } from "react-router";
import {
  createSignupCode,
  deactivateSignupCode,
  listSignupCodes,
  type SignupCode,
} from "../../contracts/signup-codes.ts";
import { CreateCodeForm } from "../components/admin/create-code-form.tsx";
import { SignupCodeTable } from "../components/admin/signup-code-table.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { readFlash, setFlash, type Flash } from "../lib/flash.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/admin-signup-codes";
import { requireAdmin } from "../lib/admin-guard.server.ts";
import { pageMeta } from "../components/ui/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { flash, headers } = await readFlash(request, context);
  let codes: SignupCode[] = [];
  let loadError: string | null = null;
  try {
    codes = (await (await apiFor(request, context)).call(listSignupCodes)).codes;
  } catch {
    loadError = "Failed to load signup codes. Please try again later.";
  }
  return data({ productName: context.publicEnv.productName, codes, loadError, flash }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const api = await apiFor(request, context);
  let flash: Omit<Flash, "id">;
  if (form.get("intent") === "create") {
    const description = String(form.get("description") ?? "").trim();
    try {
      const created = await api.call(createSignupCode, { body: { description: description || undefined } });
      flash = { kind: "success", message: "Signup code created successfully!", detail: created.code };
    } catch {
      flash = { kind: "error", message: "Failed to create signup code. Please try again later." };
    }
  } else if (form.get("intent") === "deactivate") {
    try {
      await api.call(deactivateSignupCode, { params: { code: String(form.get("code") ?? "") } });
      flash = { kind: "success", message: "Signup code deactivated successfully!" };
    } catch {
      flash = { kind: "error", message: "Failed to deactivate signup code. Please try again later." };
    }
  } else {
    throw data("Unknown action", { status: 400 });
  }
  return redirect("/admin/signup-codes", { headers: { "Set-Cookie": await setFlash(request, context, flash) } });
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Signup Codes · Admin · ${d?.productName ?? ""}`);
}

export default function AdminSignupCodes() {
  const { codes, loadError, flash } = useLoaderData<typeof loader>();
  const created = flash?.kind === "success" && flash.detail ? flash.detail : undefined;
  return (
    <div className="space-y-6">
      {flash ? (
        <FlashNotice
          key={flash.id}
          notice={{ ...flash, detail: created ? `New code: ${created}` : undefined }}
          duration={3000}
          className=""
        />
      ) : null}
      <CreateCodeForm />
      {loadError ? <Alert tone="error" title={loadError} /> : <SignupCodeTable codes={codes} highlight={created} />}
    </div>
  );
}
