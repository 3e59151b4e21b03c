import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { Alert } from "../ui/alert.tsx";

/** What a settings tab says when it cannot load (spec section 8's texts). */
export function loadErrorText(pathname: string, message: string | null): string {
  if (pathname === "/usage") return "Error loading usage information";
  if (pathname === "/subscription" || pathname === "/settings")
    return `Error loading subscription: ${message || "Unknown error"}`;
  return "Error loading account information";
}

/** A tab's loader or render failed (e.g. its data request): the tab's own error text, the shell stays. */
export function SettingsErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Alert tone="error" className="mt-2">
      {loadErrorText(pathname, message)}
    </Alert>
  );
}
