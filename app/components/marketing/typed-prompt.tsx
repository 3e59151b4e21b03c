import { useEffect } from "react";
import { DEMO_TYPING } from "./demo-timing.ts";
import { useTypewriter } from "./use-typewriter.ts";

/**
 * The typed text and its cursor, kept in their own component so each keystroke re-renders only
 * this. The cursor blinks with CSS: 400 ms phases while typing, 600 ms once done (section 9).
 */
export function TypedPrompt({ text, onDone }: { text: string; onDone: () => void }) {
  const shown = useTypewriter(text);
  const done = shown >= text.length;
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  const blinkMs = 2 * (done ? DEMO_TYPING.blinkDoneMs : DEMO_TYPING.blinkTypingMs);
  return (
    <span className="demo-typed" data-done={done ? "true" : "false"}>
      <span className="sr-only">{text}</span>
      <span aria-hidden>{text.slice(0, shown)}</span>
      <span
        aria-hidden
        className="demo-cursor ml-px inline-block h-4 w-0.5 translate-y-0.5 bg-brand-600"
        style={{ animationDuration: `${blinkMs}ms` }}
      />
    </span>
  );
}
