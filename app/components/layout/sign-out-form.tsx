import { useState } from "react";
import { Form } from "react-router";
import { LoadingScreen } from "../../lib/loading.tsx";

/** Session-storage marker that suppresses the protected-route redirect after a deliberate sign-out. */
export const INTENTIONAL_SIGNOUT_KEY = "intentional-signout";

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
      <button type="submit" className={className}>{children}</button>
      {leaving && <LoadingScreen message="Signing Out..." />}
    </Form>
  );
}
