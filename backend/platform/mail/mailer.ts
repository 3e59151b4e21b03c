import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message is about; logged when mail goes to files so a local user can click it. */
  actionUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Delivers over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}

/** Without SMTP each message becomes an .eml file under DATA_DIR/mail and its link is logged. */
export function createFileMailer(dir: string, from: string, log: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send({ to, subject, text, html, actionUrl }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(3).toString("hex")}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer);
      log(`[mail] "${subject}" to ${to} saved to ${file}${actionUrl ? `\n[mail] link: ${actionUrl}` : ""}`);
    },
  };
}
