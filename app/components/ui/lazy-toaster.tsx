import { lazy, Suspense } from "react";
import { useMatches } from "react-router";

/** Section 9 toast constants: top right, 4 s, 3 visible, 14 px gap. */
export const TOAST = { position: "top-right", duration: 4000, visibleToasts: 3, gap: 14 } as const;
/** Below the 64 px sticky header, so a toast never covers the header's menus. */
const OFFSET = { top: 76 } as const;

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** A route opts out of toasts (and of loading sonner at all) with `handle = { toasts: false }`. */
export interface ToastHandle {
  toasts?: boolean;
}

/**
 * The toaster, loaded on its own: the public pages never toast, so they don't load sonner (9 KB
 * gzipped of the landing's budget); app pages that call `toast()` load it with their own code.
 * A toast created before the toaster mounts is replayed when it subscribes (sonner 2).
 */
export function LazyToaster() {
  const matches = useMatches();
  if (matches.some((m) => (m.handle as ToastHandle | undefined)?.toasts === false)) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...TOAST} offset={OFFSET} mobileOffset={OFFSET} swipeDirections={["right"]} richColors closeButton />
    </Suspense>
  );
}
