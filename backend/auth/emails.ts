import type { ActionMode } from "../../contracts/auth.ts";
import type { Deps } from "../deps.ts";

/** Only same-site continue URLs survive: an email link must never bounce a user elsewhere. */
export function safeContinueUrl(publicUrl: string, continueUrl: string | undefined): string | undefined {
  if (!continueUrl) return undefined;
  try {
    // Resolved the way a browser would: "/\evil.com" and "/\t/evil.com" are other origins.
    const base = new URL(publicUrl);
    const u = new URL(continueUrl, base);
    return u.origin === base.origin ? `${u.pathname}${u.search}${u.hash}` : undefined;
  } catch {
    return undefined;
  }
}

export function actionLink(publicUrl: string, mode: ActionMode, code: string, continueUrl?: string): string {
  const url = new URL("/usermgmt", publicUrl);
  url.searchParams.set("mode", mode);
  url.searchParams.set("oobCode", code);
  const next = safeContinueUrl(publicUrl, continueUrl);
  if (next) url.searchParams.set("continueUrl", next);
  return url.toString();
}

const texts: Record<ActionMode, { subject: string; intro: string; action: string; outro: string }> = {
  verifyEmail: {
    subject: "Verify your email",
    intro: "Follow this link to verify your email address.",
    action: "Verify email",
    outro: "If you didn't ask to verify this address, you can ignore this email.",
  },
  resetPassword: {
    subject: "Reset your password",
    intro: "Follow this link to reset your password. The link works once and expires in 1 hour.",
    action: "Reset password",
    outro: "If you didn't ask to reset your password, you can ignore this email.",
  },
  recoverEmail: {
    subject: "Your sign-in email was changed",
    intro:
      "The sign-in email of your account was changed. If you didn't make this change, follow this link to restore this address.",
    action: "Restore my email",
    outro: "If you made this change, you can ignore this email.",
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function sendActionEmail(
  deps: Deps,
  a: { mode: ActionMode; userId: string; to: string; data?: Record<string, string>; continueUrl?: string },
): Promise<void> {
  const code = await deps.identity.createActionCode({
    mode: a.mode,
    userId: a.userId,
    email: a.to,
    data: a.data ?? {},
  });
  const link = actionLink(deps.publicUrl, a.mode, code, a.continueUrl);
  const t = texts[a.mode];
  const product = deps.config.PRODUCT_NAME;
  await deps.mailer.send({
    to: a.to,
    subject: `${t.subject} for ${product}`,
    text: `Hello,\n\n${t.intro}\n\n${link}\n\n${t.outro}\n\nThanks,\nThe ${product} team\n`,
    html:
      `<p>Hello,</p><p>${escape(t.intro)}</p><p><a href="${escape(link)}">${escape(t.action)}</a></p>` +
      `<p>${escape(t.outro)}</p><p>Thanks,<br>The ${escape(product)} team</p>`,
    actionUrl: link,
  });
}
