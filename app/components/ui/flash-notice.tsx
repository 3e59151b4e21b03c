import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Alert } from "./alert.tsx";
import { useHydrated } from "./use-hydrated.ts";

export interface Notice {
  id: string;
  kind: "success" | "error" | "info";
  message: string;
  detail?: string;
}

/**
 * Shows a notice inline when the page was rendered on the server (JavaScript off, or a full page
 * load), and as a toast when it arrives through a client-side navigation. Key it by notice id.
 */
export function FlashNotice({
  notice,
  duration,
  className = "mb-6",
}: {
  notice: Notice;
  duration?: number;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [inline] = useState(!hydrated);
  const shown = useRef(false);
  useEffect(() => {
    if (inline || shown.current) return;
    shown.current = true;
    const show = notice.kind === "error" ? toast.error : notice.kind === "success" ? toast.success : toast.info;
    show(notice.message, { description: notice.detail, duration });
  }, [inline, notice, duration]);
  if (!inline) return null;
  return (
    <Alert tone={notice.kind} title={notice.message} className={className}>
      {notice.detail}
    </Alert>
  );
}
