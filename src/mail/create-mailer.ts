import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** The one place the adapter is chosen: SMTP when SMTP_URL is set, the outbox folder otherwise. */
export function createMailer(mail: Config['mail']): Mailer {
  return mail.smtpUrl ? createSmtpMailer(mail.smtpUrl, mail.from) : createOutboxMailer(mail.outboxDir, mail.from);
}
