import { useEffect, useRef } from "react";

/**
 * A viewer beside the thread takes focus on its heading when it opens, closes on Escape, and
 * gives focus back to what had it (the chip that opened it) when it goes. Returns the heading's ref.
 */
export function useViewerFocus(onClose: () => void) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const back = document.activeElement as HTMLElement | null;
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (back?.isConnected) back.focus();
    };
  }, [onClose]);
  return heading;
}
