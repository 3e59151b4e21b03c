import { useEffect, useState } from "react";

/**
 * True once the page has loaded (at once after a client-side navigation). Images below the fold
 * wait for it, so they never compete with the first paint on a slow phone: a video's poster is
 * fetched as soon as the element exists, and a lazy image within the browser's lazy-load distance
 * (about 1250 px) as soon as it is laid out.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const done = () => setLoaded(true);
    if (document.readyState === "complete") return done();
    window.addEventListener("load", done, { once: true });
    return () => window.removeEventListener("load", done);
  }, []);
  return loaded;
}
