/** A page view as the spec names it. */
export interface PageView {
  page_path: string;
  page_title: string;
}

export type AnalyticsSink = (event: "page_view", data: PageView) => void;

const sinks = new Set<AnalyticsSink>();

/** Plug a destination in (returns the unplug function). Nothing is plugged in by default. */
export function addAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

/** The first-party sink: a JSON beacon to the configured endpoint, no third-party script. */
export function beaconSink(endpoint: string): AnalyticsSink {
  return (event, data) => {
    const body = JSON.stringify({ event, ...data });
    if (!navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }))) {
      void fetch(endpoint, {
        method: "POST",
        body,
        keepalive: true,
        headers: { "content-type": "application/json" },
      }).catch(() => {});
    }
  };
}

export function reportPageView(view: PageView): void {
  for (const sink of sinks) {
    try {
      sink("page_view", view);
    } catch (err) {
      console.warn("analytics sink failed", err);
    }
  }
  // Also observable in the page (tests, tag managers that the operator adds themselves).
  window.dispatchEvent(new CustomEvent("analytics:page_view", { detail: view }));
}
