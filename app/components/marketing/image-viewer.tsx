import { useEffect } from "react";
import { mediaSrc, type Media } from "../../lib/media.ts";
import { useDialogFocus } from "../ui/use-dialog-focus.ts";

/** Full-screen image viewer: closed by Escape, the close button or a click on the backdrop. */
export function ImageViewer({ media, onClose }: { media: Media; onClose: () => void }) {
  const closeRef = useDialogFocus<HTMLButtonElement>(onClose);
  // The page behind doesn't scroll while the image is open.
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={media.alt}
      data-testid="image-viewer"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/85 p-4 sm:p-10"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label="Close image"
        className="absolute right-4 top-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/20"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      <img
        src={mediaSrc(media, 1280)}
        alt={media.alt}
        width={1280}
        height={800}
        className="max-h-full w-auto max-w-full rounded-lg shadow-2xl"
      />
    </div>
  );
}
