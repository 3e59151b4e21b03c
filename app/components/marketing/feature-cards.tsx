import { useState } from "react";
import { MEDIA, mediaSrc, type Media } from "../../lib/media.ts";
import { usePageLoaded } from "../ui/use-page-loaded.ts";
import { ImageViewer } from "./image-viewer.tsx";

interface Card {
  title: string;
  body: string;
  media: Media;
}

/** The six cards of /features (spec section 2). */
export const FEATURE_CARDS: Card[] = [
  {
    title: "Reasoning Agents",
    body: "Agents plan the work, search the Pod, write and run analysis code, and show their reasoning step by step.",
    media: MEDIA.thoughts,
  },
  {
    title: "Accurate Citations",
    body: "Each claim links to the file, page and passage it came from, so every number can be checked.",
    media: MEDIA.citationStill,
  },
  {
    title: "Excel Analysis",
    body: "Read workbooks with their formulas, build models from filings, trace any cell and export back to .xlsx.",
    media: MEDIA.traceStill,
  },
  {
    title: "Unlimited Context",
    body: "Work across whole data rooms: thousands of files and tens of thousands of pages in one Pod.",
    media: MEDIA.podAnswer,
  },
  {
    title: "Multimodal Data",
    body: "PDFs, scans, images, spreadsheets and Word files, including tables and charts inside them.",
    media: MEDIA.podFiles,
  },
  {
    title: "Rich Data Visualization",
    body: "Turn results into tables and charts you can inspect, compare and drop into a deck.",
    media: MEDIA.table,
  },
];

export function FeatureCards() {
  const [open, setOpen] = useState<Media | null>(null);
  const loaded = usePageLoaded();
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURE_CARDS.map((card, i) => (
          <li
            key={card.title}
            className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            {/* Without JavaScript the link opens the image itself. */}
            <a
              href={mediaSrc(card.media, 1280)}
              onClick={(e) => {
                e.preventDefault();
                setOpen(card.media);
              }}
              className="block border-b border-slate-200 bg-slate-50"
              aria-label={`Enlarge image: ${card.title}`}
            >
              {i === 0 || loaded ? (
                <img
                  src={mediaSrc(card.media, 640)}
                  alt={card.media.alt}
                  width={640}
                  height={400}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "auto"}
                  decoding="async"
                  className="aspect-[16/10] w-full object-cover object-top"
                />
              ) : (
                // The same box until the page has loaded (the first card's image is the largest paint).
                <span className="block aspect-[16/10] w-full">
                  <noscript>
                    <img
                      src={mediaSrc(card.media, 640)}
                      alt={card.media.alt}
                      width={640}
                      height={400}
                      loading="lazy"
                      className="aspect-[16/10] w-full object-cover object-top"
                    />
                  </noscript>
                </span>
              )}
            </a>
            <div className="p-5">
              <h2 className="text-lg font-semibold text-ink">{card.title}</h2>
              <p className="mt-2 text-slate-600">{card.body}</p>
            </div>
          </li>
        ))}
      </ul>
      {open && <ImageViewer media={open} onClose={() => setOpen(null)} />}
    </>
  );
}
