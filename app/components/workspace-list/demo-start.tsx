import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { takeDemoStart, type DemoStartResult } from "../../lib/demo-signup.ts";
import { LoadingScreen } from "../../lib/loading.tsx";
import { setPendingMessage } from "../../lib/pending-message.ts";

/**
 * Finishes a demo start on the workspace list (where sign-up lands, and where a signed-in user's
 * Send goes): takes the saved demo state once, has the page's action create a workspace and a
 * thread, and opens that thread with the sample query pending, so the thread asks it at once.
 */
export function DemoStart() {
  const { submit, data, state } = useFetcher<DemoStartResult>();
  const navigate = useNavigate();
  const [query, setQuery] = useState<string | null>(null);
  const opened = useRef(false);

  useEffect(() => {
    const taken = takeDemoStart();
    if (!taken) return;
    setQuery(taken);
    void submit({ intent: "demo-start" }, { method: "post" });
  }, [submit]);

  useEffect(() => {
    // Only once the action's revalidation of this page is over: a navigation started while it
    // runs is cut short by it (the URL changes, the thread never loads).
    if (state !== "idle" || !data || !query || opened.current) return;
    if ("demoError" in data) {
      toast.error(data.demoError);
      setQuery(null);
      return;
    }
    opened.current = true;
    setPendingMessage(data.demo.threadId, query);
    void navigate(`/workspace/${data.demo.workspaceId}/thread/${data.demo.threadId}`);
  }, [state, data, query, navigate]);

  return query ? <LoadingScreen message="Creating Workspace..." /> : null;
}
