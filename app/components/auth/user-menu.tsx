import { Form, Link } from "react-router";

/** Session-storage marker of spec section 4: a sign-out the user asked for, not an expiry. */
export const INTENTIONAL_SIGNOUT_KEY = "intentional-signout";

/** A disclosure menu; <details> keeps it usable without JavaScript. */
export function UserMenu({
  label,
  mobileLinks = [],
}: {
  label: string;
  mobileLinks?: { to: string; label: string }[];
}) {
  const item =
    "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <details className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
        aria-label={`Account menu for ${label}`}
      >
        {/* The initial is drawn by CSS, not text: the visible text stays the label the name contains. */}
        <span
          aria-hidden="true"
          data-initial={label.slice(0, 1).toUpperCase()}
          className="grid size-8 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700 before:content-[attr(data-initial)]"
        />
        <span className="hidden max-w-48 truncate sm:inline">{label}</span>
        <svg viewBox="0 0 20 20" className="size-4 text-slate-400 transition group-open:rotate-180" aria-hidden="true">
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z"
          />
        </svg>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg">
        <p className="truncate px-3 py-2 text-xs text-slate-500 sm:hidden">{label}</p>
        {mobileLinks.map((l) => (
          <Link key={l.to} to={l.to} className={`${item} sm:hidden`}>
            {l.label}
          </Link>
        ))}
        <Link to="/settings" className={item}>
          Settings
        </Link>
        <Form method="post" action="/signout" onSubmit={() => sessionStorage.setItem(INTENTIONAL_SIGNOUT_KEY, "1")}>
          <button type="submit" className={item}>
            Log out
          </button>
        </Form>
      </div>
    </details>
  );
}
