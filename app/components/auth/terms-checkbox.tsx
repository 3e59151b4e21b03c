/** Sign-up's "I agree to the Terms of Service and Privacy Policy" box (spec section 5). */
export function TermsCheckbox({
  onChange,
  checked,
  defaultChecked,
  invalid,
}: {
  onChange: (checked: boolean) => void;
  checked?: boolean;
  defaultChecked?: boolean;
  invalid?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <label className="flex items-start gap-2.5 text-sm text-slate-700">
        <input
          type="checkbox"
          name="acceptTerms"
          required
          checked={checked}
          defaultChecked={defaultChecked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-invalid={invalid || undefined}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <span>
          I agree to the{" "}
          <a
            href="/terms"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-600 underline-offset-2 hover:underline"
          >
            Terms of Service
          </a>{" "}
          and{" "}
          <a
            href="/privacy"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-600 underline-offset-2 hover:underline"
          >
            Privacy Policy
          </a>
          .
        </span>
      </label>
    </div>
  );
}
