import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

export function CreateCodeForm() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const form = useRef<HTMLFormElement>(null);
  // Cleared once a create has gone through, not on mount: a description typed while the page was
  // still hydrating (a slow machine, a quick hand) was wiped, and the code created without it.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) form.current?.reset();
    wasPending.current = pending;
  }, [pending]);
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Create a signup code</h2>
      <p className="mt-1 text-sm text-slate-600">
        Each code lets one person create an account. Add a note to remember who it is for.
      </p>
      <Form ref={form} method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="create" />
        <div className="flex-1 space-y-1.5">
          <label htmlFor="code-description" className="block text-sm font-medium text-slate-700">
            Description <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id="code-description"
            name="description"
            maxLength={500}
            autoComplete="off"
            placeholder="e.g. Jane Doe, Acme Capital"
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
          />
        </div>
        <Button pending={pending} disabled={pending}>
          {pending ? "Creating..." : "Create code"}
        </Button>
      </Form>
    </Card>
  );
}
