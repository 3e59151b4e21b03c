import { RotateCw } from "lucide-react";

/** The circular arrow of the Retry buttons (a failed upload, a file whose indexing failed). */
export function RetryIcon() {
  return <RotateCw className="size-3.5" aria-hidden="true" />;
}
