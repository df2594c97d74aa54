/**
 * Sending e-mail: one small interface, two adapters chosen once from the configuration (create-mailer.ts). SMTP
 * (nodemailer) when SMTP_URL is set; otherwise every message is written to the outbox folder under DATA_DIR, so
 * that nothing is lost on an installation without a mail server (`guild mail:outbox` lists it).
 */
export type MailMessage = Readonly<{
  to: string;
  subject: string;
  /** Plain text: the messages Guild sends are short and carry at most a link. */
  text: string;
}>;

export interface Mailer {
  /** Resolves once the message is handed over (accepted by the SMTP server, or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  /** Releases connections; the mailer is not used afterwards. */
  close(): Promise<void>;
}

/** A message could not be handed over (the SMTP server refused it or could not be reached; the outbox not written). */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super(`The e-mail could not be sent: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MailDeliveryError';
  }
}
