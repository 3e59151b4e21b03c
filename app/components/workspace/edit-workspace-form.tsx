import type { Workspace } from "../../../contracts/workspaces.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Popover } from "../ui/popover.tsx";
import { TextArea } from "../ui/textarea.tsx";
import { WorkspaceForm } from "./workspace-form.tsx";

/** Rename and describe the Pod (owner). Keyed by updated_at so a saved edit closes the panel. */
export function EditWorkspaceForm({ workspace: w, className }: { workspace: Workspace; className: string }) {
  return (
    <Popover key={w.updated_at} label="Edit Pod" summaryClassName={className} panelClassName="sm:w-80">
      <WorkspaceForm workspaceId={w.id} intent="edit" className="space-y-3">
        {(pending) => (
          <>
            <Field label="Name" name="name" required maxLength={200} defaultValue={w.name} autoComplete="off" />
            <TextArea label="Description" name="description" rows={3} maxLength={2000} defaultValue={w.description} />
            <div className="flex justify-end">
              <Button pending={pending} disabled={pending}>
                {pending ? "Saving..." : "Save"}
              </Button>
            </div>
          </>
        )}
      </WorkspaceForm>
    </Popover>
  );
}
