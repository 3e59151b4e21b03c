import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

/** Spec section 9: wait 1000 ms after the refresh, then redirect after a further 1000 ms. */
export const RETURN_WAIT_MS = 1000;
/** A session still 'open' right after Stripe's redirect: look again, a few times, before failing. */
const OPEN_RETRIES = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = "processing" | "success" | "failed";

/** Refreshes the checkout session's state through the web tier: true once it completed. */
async function checkoutCompleted(sessionId: string, alive: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt <= OPEN_RETRIES && alive(); attempt += 1) {
    const res = await fetch(`/resources/billing/checkout-sessions/${encodeURIComponent(sessionId)}`, {
      headers: { accept: "application/json" },
    });
    if (!res.ok) return false;
    const { status } = (await res.json()) as { status: "open" | "complete" | "expired" };
    if (status === "complete") return true;
    if (status === "expired") return false;
    await sleep(RETURN_WAIT_MS);
  }
  return false;
}

/** Spec section 2's subscription-return page. */
export function CheckoutReturn({ sessionId }: { sessionId: string | null }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>("processing");
  useEffect(() => {
    if (!sessionId) return;
    let alive = true;
    void (async () => {
      let ok = false;
      try {
        ok = await checkoutCompleted(sessionId, () => alive);
      } catch (err) {
        console.error("Checking the checkout session failed", err);
      }
      if (!alive) return;
      if (!ok) return setPhase("failed");
      await sleep(RETURN_WAIT_MS);
      if (!alive) return;
      setPhase("success");
      await sleep(RETURN_WAIT_MS);
      if (alive) navigate("/settings");
    })();
    return () => {
      alive = false;
    };
  }, [sessionId, navigate]);

  if (!sessionId)
    return (
      <div role="alert">
        <p className="text-lg font-medium text-slate-900">No session ID found in URL</p>
        <Link to="/settings" className={buttonClass("secondary", "mt-6")}>
          Return to Settings
        </Link>
      </div>
    );
  if (phase === "failed")
    return (
      <div role="alert">
        <p className="text-lg font-medium text-slate-900">
          Failed to process subscription. Please contact support if this persists.
        </p>
        <Link to="/settings" className={buttonClass("primary", "mt-6")}>
          Return to Settings
        </Link>
      </div>
    );
  if (phase === "success")
    return (
      <p role="status" className="text-lg font-medium text-emerald-700">
        Subscription processed successfully!
      </p>
    );
  return (
    <div role="status" className="flex flex-col items-center gap-4">
      <Spinner className="size-8" />
      <p className="text-lg font-medium text-slate-900">Processing your subscription...</p>
      <noscript>
        <Link to="/settings" className={buttonClass("secondary")}>
          Return to Settings
        </Link>
      </noscript>
    </div>
  );
}
