import type { ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";

export interface IntentFormProps {
  /** The route whose action handles it; the current route when left out. */
  action?: string;
  intent: string;
  fields?: Record<string, string>;
  /** Asked with the browser's dialog before posting (JavaScript only). */
  confirm?: string;
  className?: string;
  children: (pending: boolean) => ReactNode;
}

/**
 * A form that posts one `intent` and comes back to this page (`redirectTo`). It is a real
 * <form>: without JavaScript the browser posts it and follows the action's redirect.
 */
export function IntentForm({ action, intent, fields = {}, confirm, className, children }: IntentFormProps) {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={className}
      onSubmit={confirm ? (e) => void (!window.confirm(confirm) && e.preventDefault()) : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children(fetcher.state !== "idle")}
    </fetcher.Form>
  );
}
