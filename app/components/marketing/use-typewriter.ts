import { useEffect, useState } from "react";
import { charDelay, DEMO_TYPING } from "./demo-timing.ts";

/** Types `text` out once mounted; returns how many characters show and whether the cursor is lit. */
export function useTypewriter(text: string): { shown: number; done: boolean; cursorOn: boolean } {
  const [shown, setShown] = useState(0);
  const [cursorOn, setCursorOn] = useState(true);
  const done = shown >= text.length;

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

  useEffect(() => {
    const t = setInterval(() => setCursorOn((on) => !on), done ? DEMO_TYPING.blinkDoneMs : DEMO_TYPING.blinkTypingMs);
    return () => clearInterval(t);
  }, [done]);

  return { shown, done, cursorOn };
}
