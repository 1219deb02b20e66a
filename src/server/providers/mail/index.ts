import type nodemailer from 'nodemailer';
import { lazyPackage } from '../../lib/lazy-package';

/** Mail by SMTP (SMTP_URL), as plain data: set only when SMTP_URL and CONTACT_TO are both set. */
export interface MailSettings {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465. */
  smtpUrl: string;
  /** Where contact messages go (CONTACT_TO). */
  to: string;
  /** The sender (MAIL_FROM); CONTACT_TO when not set. */
  from: string;
}

export interface OutgoingMail {
  subject: string;
  text: string;
  /** Answering the mail reaches this address (the person who wrote). */
  replyTo?: string;
  /** A stable Message-ID, so a mail sent twice after a retry is recognisable as one. */
  messageId?: string;
}

export interface Mailer {
  /** Sends to the operator (settings.to). Throws when the server refuses or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A deadline for each step of a delivery, well within the task's lease. */
const SMTP_TIMEOUT_MS = 20_000;

/** nodemailer over SMTP_URL. One connection per mail (contact mail is rare); timeouts so a dead server fails the attempt. */
export function createMailer(settings: MailSettings, opts: { timeoutMs?: number } = {}): Mailer {
  const timeout = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transport = lazyPackage<typeof nodemailer>('nodemailer').createTransport({
    url: settings.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        subject: mail.subject,
        text: mail.text,
        replyTo: mail.replyTo,
        messageId: mail.messageId,
        textEncoding: 'base64',
      });
    },
    close() {
      transport.close();
    },
  };
}
