import { useState } from "react";
import { Form } from "react-router";
import { LoadingScreen } from "../../lib/loading.tsx";
import { INTENTIONAL_SIGNOUT_KEY } from "../auth/user-menu.tsx";

/** 'Log out': marks the sign-out as intentional, shows the overlay, then posts to /signout. */
export function SignOutButton({ className, children = "Log out" }: { className: string; children?: React.ReactNode }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Form
      method="post"
      action="/signout"
      onSubmit={() => {
        sessionStorage.setItem(INTENTIONAL_SIGNOUT_KEY, "1");
        setLeaving(true);
      }}
    >
      <button type="submit" className={className}>
        {children}
      </button>
      {leaving && <LoadingScreen message="Signing Out..." />}
    </Form>
  );
}
