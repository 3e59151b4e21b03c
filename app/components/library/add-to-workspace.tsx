import { useId } from "react";
import type { FileInfo } from "../../../contracts/files.ts";
import { Button } from "../ui/button.tsx";
import { IntentForm } from "../ui/intent-form.tsx";
import { Popover } from "../ui/popover.tsx";

/** Copies an account file into one of the caller's own workspaces (transfer_to_workspace). */
export function AddToWorkspace({
  file,
  workspaces,
  className,
}: {
  file: FileInfo;
  workspaces: { id: string; name: string }[];
  className: string;
}) {
  const id = useId();
  return (
    <Popover label="Add to workspace" ariaLabel={`Add ${file.filename} to a workspace`} summaryClassName={className}>
      {workspaces.length === 0 ? (
        <p className="text-sm text-slate-600">Create a workspace first, then add files to it from here.</p>
      ) : (
        <IntentForm intent="transfer" fields={{ fileId: file.id }} className="space-y-2">
          {(pending) => (
            <>
              <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                Workspace
              </label>
              <select
                id={id}
                name="workspaceId"
                required
                className="block w-full rounded-md border border-slate-300 bg-white px-2.5 py-2 text-sm"
              >
                {workspaces.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>
              <Button pending={pending} disabled={pending} className="w-full py-1.5">
                {pending ? "Adding..." : "Add file"}
              </Button>
            </>
          )}
        </IntentForm>
      )}
    </Popover>
  );
}
