import { toast } from "sonner";
import { useHydrated } from "../ui/use-hydrated.ts";

/**
 * Copies a site path as a full address (the workspace's, a share link); needs JavaScript, so it
 * stays disabled until hydration. `duration`: the toast's, when not the default (section 9).
 */
export function CopyLinkButton({ path, className, duration }: { path: string; className: string; duration?: number }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
      toast.success("Link copied to clipboard!", { duration });
    } catch {
      toast.error("Failed to copy link", { duration });
    }
  };
  return (
    <button type="button" onClick={copy} disabled={!hydrated} className={className}>
      <svg
        viewBox="0 0 20 20"
        className="size-4"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path
          d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9"
          strokeLinecap="round"
        />
      </svg>
      Copy link
    </button>
  );
}
