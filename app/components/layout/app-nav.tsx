import { Link, NavLink } from "react-router";
import type { UserView } from "../../lib/user-view.ts";
import { UserMenu } from "../auth/user-menu.tsx";
import { buttonClass } from "../ui/button.tsx";

const navClass = ({ isActive }: { isActive: boolean }) =>
  buttonClass("ghost", `px-3 ${isActive ? "bg-slate-100 text-slate-900" : ""}`);

/** Right side of the signed-in header; signed-out visitors get Log in / Sign up instead. */
export function AppNav({ user, returnTo }: { user: UserView | null; returnTo?: string }) {
  if (!user) {
    const q = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
    return (
      <>
        <Link to={`/login${q}`} className={buttonClass("ghost", "px-3")}>
          Log in
        </Link>
        <Link to={`/signup${q}`} className={buttonClass("primary", "px-3")}>
          Sign up
        </Link>
      </>
    );
  }
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
        <NavLink to="/home" className={navClass}>
          Workspaces
        </NavLink>
        <NavLink to="/library" className={navClass}>
          Library
        </NavLink>
        <NavLink to="/search" className={navClass}>
          Search
        </NavLink>
        <NavLink to="/bookmarks" className={navClass}>
          Bookmarks
        </NavLink>
        {user.isAdmin ? (
          <NavLink to="/admin" className={navClass}>
            Admin
          </NavLink>
        ) : null}
      </nav>
      <UserMenu
        label={user.label}
        mobileLinks={[
          { to: "/home", label: "Pods" },
          { to: "/library", label: "Library" },
          { to: "/search", label: "Search" },
          { to: "/bookmarks", label: "Bookmarks" },
          ...(user.isAdmin ? [{ to: "/admin", label: "Admin" }] : []),
        ]}
      />
    </>
  );
}
