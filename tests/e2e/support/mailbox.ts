import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** An SMTP sink in the test process: the app delivers real SMTP to it, tests read what arrived. */
export interface Mailbox {
  port: number;
  /** Waits for a mail to `to` whose subject contains `subject`, sent after the last `take` for that address. */
  waitFor(to: string, subject: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    async waitFor(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = mails.findIndex((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));
        if (i >= 0) return mails.splice(i, 1)[0];
        if (Date.now() > deadline)
          throw new Error(
            `No mail "${subject}" to ${to} within ${timeoutMs} ms (have: ${mails.map((m) => `${m.to} ${m.subject}`).join("; ") || "none"})`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The /usermgmt link in a mail, made relative so the test's baseURL decides the host. */
export function actionLink(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+\/usermgmt\?\S+/);
  if (!match) throw new Error(`No action link in mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
