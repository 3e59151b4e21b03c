import { Form } from "react-router";
import { toast } from "sonner";
import { buttonClass } from "../ui/button.tsx";

const ADMIN_TOAST = { duration: 3000 };

export function CopyCodeButton({ code }: { code: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success("Signup code copied to clipboard!", ADMIN_TOAST);
    } catch {
      toast.error("Failed to copy to clipboard", ADMIN_TOAST);
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      className={buttonClass("secondary", "px-2.5 py-1 text-xs")}
      aria-label={`Copy signup code ${code}`}
    >
      Copy
    </button>
  );
}

/** Without JavaScript the POST goes straight through; with it, the spec's confirmation comes first. */
export function DeactivateCodeForm({ code }: { code: string }) {
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        if (
          !window.confirm(
            `Are you sure you want to deactivate the signup code "${code}"? This action cannot be undone.`,
          )
        )
          e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="deactivate" />
      <input type="hidden" name="code" value={code} />
      <button
        type="submit"
        className={buttonClass("danger", "px-2.5 py-1 text-xs")}
        aria-label={`Deactivate signup code ${code}`}
      >
        Deactivate
      </button>
    </Form>
  );
}
