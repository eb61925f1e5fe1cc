import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Logger } from "../runtime/logger";

/** One e-mail: plain text, and simple HTML beside it when the sender has it. */
interface Mail {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** The language it is written in (Content-Language). */
  language: string;
  /** The name the sender shows when MAIL_FROM is unset (the site's name). */
  senderName: string;
}

/** Sends the site's e-mail over SMTP (README "Configuration": SMTP_URL, MAIL_FROM), or nothing at all. */
export interface Mailer {
  /** Whether SMTP_URL is set: without it, nothing is sent and nothing fails. */
  readonly enabled: boolean;
  /** Sends one e-mail; rejects when the server refuses it or cannot be reached. Without SMTP_URL, does nothing. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  /** MAIL_FROM; unset: `senderName <no-reply@host of publicUrl>`. */
  from?: string;
  publicUrl: string;
  logger?: Logger;
}

/** Line breaks, and the other characters that end a line somewhere, never reach a header. */
export const oneLine = (value: string) => value.replace(/[\r\n\u0085\u2028\u2029]+/g, " ").trim();

/** nodemailer's options from smtp://user:pass@host:port or smtps://...: short time-outs, so a dead server fails a run rather than hanging it. */
function transportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) return { enabled: false, send: async () => {}, close: () => {} };
  const transport = nodemailer.createTransport(transportOptions(options.smtpUrl));
  const host = new URL(options.publicUrl).hostname.replace(/^\[|\]$/g, "");
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail({
        from: options.from ?? { name: oneLine(mail.senderName), address: `no-reply@${host}` },
        to: mail.to.map((address) => ({ name: "", address })),
        subject: oneLine(mail.subject),
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        headers: { "Content-Language": mail.language },
      });
    },
    close: () => transport.close(),
  };
}
