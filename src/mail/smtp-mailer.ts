import nodemailer from 'nodemailer';
import { MailDeliveryError, type Mailer, type MailMessage } from './mailer.ts';

/** How long to wait for the SMTP server at each step, so that a silent server fails a send rather than hangs it. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Messages through an SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465`; credentials and
 * options such as `?pool=true` as nodemailer reads them from the URL), sent from `MAIL_FROM`.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // The URL's own settings win over these defaults.
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send(message: MailMessage) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}
