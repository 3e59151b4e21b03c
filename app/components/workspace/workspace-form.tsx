import { IntentForm, type IntentFormProps } from "../ui/intent-form.tsx";

/** An IntentForm handled by the workspace route's action (the layout route, not its index). */
export function WorkspaceForm({ workspaceId, ...props }: Omit<IntentFormProps, "action"> & { workspaceId: string }) {
  return <IntentForm action={`/workspace/${workspaceId}`} {...props} />;
}
