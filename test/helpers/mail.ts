import type { AppDeps } from '../../src/app-deps.ts';
import { type OutboxMessage, readOutbox } from '../../src/mail/outbox-mailer.ts';
import type { WebClient } from './web-client.ts';

/**
 * The mail an app sent, read from its outbox (tests set no SMTP_URL, so every message is a file under
 * DATA_DIR/outbox), and following the confirmation link in it as a person would.
 */
type WithOutbox = Pick<AppDeps, 'config'>;

export async function mailTo(deps: WithOutbox, address: string): Promise<OutboxMessage[]> {
  const messages = await readOutbox(deps.config.mail.outboxDir);
  return messages.filter((message) => message.to === address.toLowerCase());
}

/** The newest link to `page` (e.g. /register/confirm) with a token, mailed to `address` through the outbox `outboxDir`. */
async function lastLink(outboxDir: string, address: string, page: string): Promise<string> {
  const texts = (await readOutbox(outboxDir))
    .filter((message) => message.to === address.toLowerCase())
    .map((message) => message.text);
  const link = new RegExp(`https?://\\S+${page}\\?token=[A-Za-z0-9_-]+`).exec(texts.at(-1) ?? '');
  if (!link) throw new Error(`no ${page} link was mailed to ${address}`);
  return link[0];
}

/** The newest confirmation link (absolute, built on APP_URL) mailed to `address` through the outbox `outboxDir`. */
export function lastConfirmationLink(outboxDir: string, address: string): Promise<string> {
  return lastLink(outboxDir, address, '/register/confirm');
}

/** The newest password reset link (absolute, built on APP_URL) mailed to `address` through the outbox `outboxDir`. */
export function lastResetLink(outboxDir: string, address: string): Promise<string> {
  return lastLink(outboxDir, address, '/reset-password');
}

/** The newest password reset link mailed to `address`, as a path for `app.inject`. */
export async function lastResetPath(deps: WithOutbox, address: string): Promise<string> {
  const link = new URL(await lastResetLink(deps.config.mail.outboxDir, address));
  return `${link.pathname}${link.search}`;
}

/** The same link as a path, for `app.inject`. */
export async function lastConfirmationPath(deps: WithOutbox, address: string): Promise<string> {
  const link = new URL(await lastConfirmationLink(deps.config.mail.outboxDir, address));
  return `${link.pathname}${link.search}`;
}

/** Opens the newest link sent to `address` and confirms, as the person would: the answer is the redirect. */
export async function confirmByMail(client: WebClient, deps: WithOutbox, address: string) {
  const link = await lastConfirmationPath(deps, address);
  return client.submit(link, '/register/confirm', { token: new URL(link, 'http://x').searchParams.get('token') ?? '' });
}
