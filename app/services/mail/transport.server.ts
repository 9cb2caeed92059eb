import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { AppConfig } from "~/config.server";

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on newsletters. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: "smtp" | "files";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function senderAddress(config: AppConfig): string {
  const host = new URL(config.appUrl).hostname;
  return `Dynami <no-reply@${host === "localhost" || host === "127.0.0.1" ? "dynami.local" : host}>`;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file under MAIL_DIR. */
export function createMailTransport(config: AppConfig): MailTransport {
  const from = senderAddress(config);
  if (config.smtpUrl) {
    const smtp = createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as SMTPTransport.Options);
    return {
      kind: "smtp",
      async send(mail) {
        await smtp.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      },
      close: () => smtp.close(),
    };
  }
  const files = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    async send(mail) {
      const info = await files.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      await mkdir(config.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(config.mailDir, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
    close: () => files.close(),
  };
}
