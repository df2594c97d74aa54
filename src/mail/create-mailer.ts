import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';

/**
 * The one place the adapter is chosen: SMTP when SMTP_URL is set, the outbox folder otherwise. The SMTP adapter is
 * imported only when chosen: nodemailer costs a process about 25 MB of memory.
 */
export async function createMailer(mail: Config['mail']): Promise<Mailer> {
  if (!mail.smtpUrl) return createOutboxMailer(mail.outboxDir, mail.from);
  const { createSmtpMailer } = await import('./smtp-mailer.ts');
  return createSmtpMailer(mail.smtpUrl, mail.from);
}
