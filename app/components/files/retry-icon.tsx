/** The circular arrow of the Retry buttons (a failed upload, a file whose indexing failed). */
export function RetryIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      className="size-3.5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M15.5 8A6 6 0 1 0 16 12M16 4v4h-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
