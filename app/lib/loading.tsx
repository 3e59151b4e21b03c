import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

/** The loading keys of spec section 2 ("Global behaviour"). */
export type LoadingKey =
  | "workspace-list"
  | "workspace-view"
  | "canvas-view"
  | "settings"
  | "sign-in"
  | "sign-out"
  | "admin-dashboard"
  | "all-published-pods"
  | "email-handlers"
  | "thread-data"
  | "file-upload"
  | "snapshot-operation"
  | "initial";

interface LoadingState {
  isLoading: boolean;
  active: ReadonlySet<LoadingKey>;
  setLoading(key: LoadingKey, on: boolean): void;
}

const LoadingContext = createContext<LoadingState | null>(null);

/** Loading is tracked per key; the app is loading while any key is active. */
export function LoadingProvider({ children }: { children: React.ReactNode }) {
  const [active, setActive] = useState<ReadonlySet<LoadingKey>>(() => new Set(["initial"]));
  const setLoading = useCallback((key: LoadingKey, on: boolean) => {
    setActive((prev) => {
      if (prev.has(key) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  // The initial loading state clears right after the first render.
  useEffect(() => setLoading("initial", false), [setLoading]);
  const value = useMemo(
    () => ({ isLoading: [...active].some((k) => k !== "initial"), active, setLoading }),
    [active, setLoading],
  );
  return <LoadingContext.Provider value={value}>{children}</LoadingContext.Provider>;
}

export function useLoading(): LoadingState {
  const ctx = useContext(LoadingContext);
  if (!ctx) throw new Error("useLoading needs <LoadingProvider>");
  return ctx;
}

/** Marks `key` as loading while `on` is true (and while the calling component is mounted). */
export function useLoadingKey(key: LoadingKey, on: boolean): void {
  const { setLoading } = useLoading();
  useEffect(() => {
    setLoading(key, on);
    return () => setLoading(key, false);
  }, [key, on, setLoading]);
}

export const THINKING_PHRASES = [
  "Reading the documents...",
  "Checking the numbers...",
  "Cross-referencing sources...",
  "Tracing the formulas...",
  "Lining up the citations...",
  "Building the model...",
  "Thinking it through...",
];
export const THINKING_INTERVAL_MS = 5000;

/** A random 'thinking' phrase that changes every 5 s (the first change after 5 s). */
export function useThinkingPhrase(): string {
  const [i, setI] = useState(0);
  useEffect(() => {
    const t = setInterval(
      () =>
        setI(
          (prev) => (prev + 1 + Math.floor(Math.random() * (THINKING_PHRASES.length - 1))) % THINKING_PHRASES.length,
        ),
      THINKING_INTERVAL_MS,
    );
    return () => clearInterval(t);
  }, []);
  return THINKING_PHRASES[i];
}

export function Spinner({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`${className} inline-block animate-spin rounded-full border-2 border-brand-100 border-t-brand-600`}
    />
  );
}

/** Full-screen loading screen: a message (e.g. 'Signing Out...') and the rotating thinking phrase. */
export function LoadingScreen({ message }: { message: string }) {
  const phrase = useThinkingPhrase();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/95"
    >
      <Spinner className="h-10 w-10" />
      <p className="text-lg font-medium text-ink">{message}</p>
      <p className="text-sm text-slate-500">{phrase}</p>
    </div>
  );
}

/** The keyed global overlay: shown while any key other than the initial render is active. */
export function GlobalLoadingOverlay() {
  const { isLoading } = useLoading();
  if (!isLoading) return null;
  return (
    <div
      role="status"
      aria-label="Loading"
      data-testid="global-loading"
      className="fixed inset-0 z-40 flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
    >
      <Spinner />
    </div>
  );
}
