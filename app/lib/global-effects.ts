import { useEffect } from "react";
import { useLocation } from "react-router";
import { addAnalyticsSink, beaconSink, reportPageView } from "./analytics.ts";

/** Reports a page view (page_path, page_title) after every navigation, once the title is set. */
export function usePageViews(endpoint: string | null): void {
  const location = useLocation();
  useEffect(() => {
    if (!endpoint) return;
    return addAnalyticsSink(beaconSink(endpoint));
  }, [endpoint]);
  useEffect(() => {
    reportPageView({ page_path: location.pathname, page_title: document.title });
  }, [location.pathname]);
}

const RELOAD_MARK = "preload-error-reloaded";

/**
 * A lazily loaded chunk or stylesheet that fails to load (usually a deploy replaced it) raises
 * vite:preloadError. We reload once to pick up the new build; a second failure in the same tab is
 * left to rethrow (not cancelled) so the error boundary shows it.
 */
export function usePreloadErrorReload(): void {
  useEffect(() => {
    const onError = (event: Event) => {
      if (sessionStorage.getItem(RELOAD_MARK)) return;
      event.preventDefault();
      sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
      window.location.reload();
    };
    window.addEventListener("vite:preloadError", onError);
    const clear = setTimeout(() => sessionStorage.removeItem(RELOAD_MARK), 10_000);
    return () => {
      window.removeEventListener("vite:preloadError", onError);
      clearTimeout(clear);
    };
  }, []);
}
