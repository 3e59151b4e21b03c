import { useEffect, useState } from "react";
import { charDelay } from "./demo-timing.ts";

/** Types `text` out once mounted; returns how many characters show. */
export function useTypewriter(text: string): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      setShown(text.length);
      return;
    }
    let i = 0;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      i += 1;
      setShown(i);
      if (i < text.length) timer = setTimeout(step, charDelay(i));
    };
    timer = setTimeout(step, charDelay(0));
    return () => clearTimeout(timer);
  }, [text]);
  return shown;
}
