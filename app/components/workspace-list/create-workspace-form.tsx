import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";

interface CreateResult {
  error?: string;
  values?: { name: string; is_public: boolean };
}

export function CreateWorkspaceForm() {
  const navigation = useNavigation();
  const result = useActionData<CreateResult>();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">New workspace</h2>
      <p className="mt-1 text-sm text-slate-600">Start a Pod for a deal, a data room or a research question.</p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <Field
          label="Workspace name"
          name="name"
          required
          maxLength={200}
          autoComplete="off"
          placeholder="e.g. Q3 credit review"
          defaultValue={result?.values?.name}
          error={result?.error}
        />
        <label className="flex items-start gap-3 rounded-md border border-slate-200 p-3 text-sm">
          <input
            type="checkbox"
            name="is_public"
            defaultChecked={result?.values?.is_public}
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
          />
          <span>
            <span className="font-medium text-slate-800">Public</span>
            <span className="block text-slate-500">Anyone with the link can read it. You can change this later.</span>
          </span>
        </label>
        <Button pending={pending} disabled={pending} className="w-full">
          {pending ? "Creating Workspace..." : "Create workspace"}
        </Button>
      </Form>
    </Card>
  );
}
