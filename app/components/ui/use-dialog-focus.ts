import { useEffect, useRef } from "react";

/**
 * A viewer or dialog takes focus on the returned element (its heading, its close button) when it
 * opens, closes on Escape, and gives focus back to what had it (the chip or image that opened it)
 * when it goes.
 */
export function useDialogFocus<T extends HTMLElement = HTMLHeadingElement>(onClose: () => void) {
  const target = useRef<T>(null);
  useEffect(() => {
    const back = document.activeElement as HTMLElement | null;
    target.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (back?.isConnected) back.focus();
    };
  }, [onClose]);
  return target;
}
