import type { FormEvent, ReactNode } from "react";
import { Form, useFetcher, useLocation, useNavigation } from "react-router";

export interface IntentFormProps {
  /** The route whose action handles it; the current route when left out. */
  action?: string;
  intent: string;
  fields?: Record<string, string>;
  /** Asked with the browser's dialog before posting (JavaScript only). */
  confirm?: string;
  /**
   * The action may send the user elsewhere (a new thread, a copied Pod): post it as a navigation.
   * A fetcher's redirect is dropped by React Router when a revalidation (an upload settling, the
   * indexing poll) began while its action ran; a navigation's submission is never cut short so.
   */
  navigates?: boolean;
  className?: string;
  children: (pending: boolean) => ReactNode;
}

/**
 * A form that posts one `intent` and comes back to this page (`redirectTo`), or goes where the
 * action sends it. It is a real <form>: without JavaScript the browser posts it and follows the
 * action's redirect.
 */
export function IntentForm(props: IntentFormProps) {
  return props.navigates ? <NavigatingForm {...props} /> : <FetcherForm {...props} />;
}

function FetcherForm({ action, intent, fields = {}, confirm, className, children }: IntentFormProps) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={action} className={className} onSubmit={asked(confirm)}>
      <Fields intent={intent} fields={fields} />
      {children(fetcher.state !== "idle")}
    </fetcher.Form>
  );
}

/** Pending while the navigation it started (its submission, then the page it goes to) runs. */
function NavigatingForm({ action, intent, fields = {}, confirm, className, children }: IntentFormProps) {
  const navigation = useNavigation();
  const sent = navigation.formData;
  const pending =
    navigation.state !== "idle" &&
    sent?.get("intent") === intent &&
    Object.entries(fields).every(([k, v]) => sent.get(k) === v);
  return (
    <Form method="post" action={action} preventScrollReset className={className} onSubmit={asked(confirm)}>
      <Fields intent={intent} fields={fields} />
      {children(pending)}
    </Form>
  );
}

function Fields({ intent, fields }: { intent: string; fields: Record<string, string> }) {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** The browser's confirm dialog before posting, when the form asks one. */
const asked = (confirm: string | undefined) =>
  confirm ? (e: FormEvent) => void (!window.confirm(confirm) && e.preventDefault()) : undefined;
