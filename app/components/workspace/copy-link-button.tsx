import { toast } from "sonner";
import { useHydrated } from "../ui/use-hydrated.ts";

/** Copies the workspace's address; needs JavaScript, so it stays disabled until hydration. */
export function CopyLinkButton({ path, className }: { path: string; className: string }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
      toast.success("Link copied to clipboard!");
    } catch {
      toast.error("Failed to copy link");
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
