import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestMailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ParsedMail[];
  /**
   * The oldest message not yet taken that matches; waits for it when none has arrived yet.
   * Each message is handed out once, so two mails to one address are two calls.
   */
  waitForMail(match: { to: string; subject?: string | RegExp }, timeoutMs?: number): Promise<ParsedMail>;
  /** Messages to this address, taken or not. */
  mailTo(to: string): ParsedMail[];
  close(): Promise<void>;
}

export function recipients(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
}

/** A local SMTP server (no TLS, no auth) that keeps every message it is handed, parsed. */
export async function startSmtpServer(): Promise<TestMailbox> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // No STARTTLS on offer, so nodemailer talks plain SMTP to it.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Reverse DNS of 127.0.0.1 can take seconds in a sandbox.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const matches = (mail: ParsedMail, m: { to: string; subject?: string | RegExp }) =>
    recipients(mail).includes(m.to.toLowerCase()) &&
    (m.subject === undefined ||
      (typeof m.subject === "string" ? (mail.subject ?? "").includes(m.subject) : m.subject.test(mail.subject ?? "")));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailTo: (to) => messages.filter((m) => recipients(m).includes(to.toLowerCase())),
    waitForMail(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => !taken.has(m) && matches(m, match));
          if (!found) return false;
          taken.add(found);
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = messages.map((m) => `${recipients(m).join(",")}: ${m.subject}`).join("; ") || "none";
          reject(
            new Error(
              `No mail to ${match.to}${match.subject ? ` about ${String(match.subject)}` : ""} within ${timeoutMs} ms (received: ${seen})`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The email-action link (…/usermgmt?mode=…&oobCode=…) in a message's text. */
export function extractLink(mail: ParsedMail): URL {
  const found = (mail.text ?? "").match(/https?:\/\/\S+\/usermgmt\?\S+/);
  if (!found) throw new Error(`No /usermgmt link in mail "${mail.subject}":\n${mail.text}`);
  return new URL(found[0]);
}

/** The oobCode of the action link in a message. */
export function extractCode(mail: ParsedMail): string {
  const code = extractLink(mail).searchParams.get("oobCode");
  if (!code) throw new Error(`The link in mail "${mail.subject}" has no oobCode`);
  return code;
}
