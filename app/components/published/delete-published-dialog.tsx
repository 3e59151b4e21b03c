import { useCallback } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Snapshot } from "../../../contracts/snapshots.ts";
import { buttonClass } from "../ui/button.tsx";
import { useDialogFocus } from "../ui/use-dialog-focus.ts";
import { filterSearch, type PublishedFilter, snapshotTitle } from "./published-filter.ts";

/** Spec section 5's confirmation, word for word. */
export const DELETE_CONFIRMATION = "Are you sure you want to delete this published link? This action cannot be undone.";

/**
 * The delete confirmation, rendered when the page's query names a snapshot (?delete=id). Without
 * JavaScript it is the confirmation screen the Delete button leads to; with it, a modal dialog
 * that takes focus, keeps Tab inside and closes on Escape.
 */
export function DeletePublishedDialog({ snapshot, filter }: { snapshot: Snapshot; filter: PublishedFilter }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const closeTo = `/published${filterSearch(filter)}`;
  const close = useCallback(
    () => void navigate(closeTo, { replace: true, preventScrollReset: true }),
    [navigate, closeTo],
  );
  const cancel = useDialogFocus<HTMLAnchorElement>(close);
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const trapTab = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Tab") return;
    const focusable = e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-published-title"
        aria-describedby="delete-published-text"
        onKeyDown={trapTab}
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl"
      >
        <h2 id="delete-published-title" className="text-lg font-semibold text-slate-900">
          Delete published link
        </h2>
        <p id="delete-published-text" className="mt-2 text-sm text-slate-700">
          {DELETE_CONFIRMATION}
        </p>
        <p className="mt-3 truncate rounded-md bg-slate-50 px-3 py-2 text-sm font-medium text-slate-900">
          {snapshotTitle(snapshot)}
        </p>
        <Form method="post" action="/published" className="mt-6 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={snapshot.id} />
          {filter !== "all" ? <input type="hidden" name="filter" value={filter} /> : null}
          <Link ref={cancel} to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </Link>
          <button type="submit" disabled={deleting} className={buttonClass("danger")}>
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </Form>
      </div>
    </div>
  );
}
