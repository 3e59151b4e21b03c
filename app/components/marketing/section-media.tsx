import { useEffect, useRef } from "react";
import { usePageLoaded } from "../ui/use-page-loaded.ts";
import { MEDIA_WIDTHS, mediaSrc, posterSrc, type Media } from "../../lib/media.ts";

/** Captures are 1280 x 800 (16:10). */
const W = 1280;
const H = 800;

/**
 * An image, or a video that autoplays muted and looped while at least half of it is visible and
 * pauses and rewinds when not (section 9). `playbackRate`/`controls` for the use-case videos.
 * The video shows its poster until it plays and loads nothing before (preload="none"); with
 * reduced motion asked for, it does not start by itself.
 */
export function SectionMedia({
  media,
  priority = false,
  playbackRate = 1,
  controls = false,
  sizes = "(min-width: 1280px) 600px, (min-width: 768px) 46vw, calc(100vw - 32px)",
}: {
  media: Media;
  priority?: boolean;
  playbackRate?: number;
  controls?: boolean;
  sizes?: string;
}) {
  const frame = "w-full rounded-xl border border-slate-200 bg-slate-50 shadow-lg shadow-slate-900/5";
  const loaded = usePageLoaded();
  if (!priority && !loaded)
    // Same box, nothing fetched: without JavaScript the noscript copy shows the image (a video's poster).
    return (
      <div className={`${frame} aspect-[16/10]`}>
        <noscript>
          <img
            src={media.kind === "video" ? posterSrc(media, 960) : mediaSrc(media, 1280)}
            width={W}
            height={H}
            alt={media.alt}
            loading="lazy"
            className="size-full rounded-xl"
          />
        </noscript>
      </div>
    );
  if (media.kind === "video")
    return <AutoVideo media={media} className={frame} playbackRate={playbackRate} controls={controls} />;
  return (
    <img
      src={mediaSrc(media, 1280)}
      srcSet={MEDIA_WIDTHS.map((w) => `${mediaSrc(media, w)} ${w}w`).join(", ")}
      sizes={sizes}
      width={W}
      height={H}
      alt={media.alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={frame}
    />
  );
}

function AutoVideo({
  media,
  className,
  playbackRate,
  controls,
}: {
  media: Media;
  className: string;
  playbackRate: number;
  controls: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.defaultPlaybackRate = playbackRate;
    video.playbackRate = playbackRate;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.intersectionRatio >= 0.5) void video.play().catch(() => {});
        else {
          video.pause();
          video.currentTime = 0;
        }
      },
      { threshold: [0, 0.5] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [playbackRate]);
  return (
    <video
      ref={ref}
      className={className}
      src={mediaSrc(media, 1280)}
      poster={posterSrc(media, 960)}
      muted
      loop
      playsInline
      preload="none"
      controls={controls}
      width={W}
      height={H}
      aria-label={media.alt}
    />
  );
}
