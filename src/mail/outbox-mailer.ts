import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MailDeliveryError, type Mailer, type MailMessage } from './mailer.ts';

/** Messages hold sign-in links: only the service's own user may read them. */
const OWNER_ONLY_DIRECTORY = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** A message as the outbox keeps it: one JSON file per message. */
export type OutboxMessage = MailMessage & { id: string; from: string; date: string };

/**
 * The embedded default: each message is written to `dir` (DATA_DIR/outbox) as `<time>-<random>.json`, so names sort
 * by the time they were written. Written to a temporary name and renamed, so a reader never sees half a message.
 */
export function createOutboxMailer(dir: string, from: string): Mailer {
  return {
    async send(message: MailMessage) {
      try {
        await writeMessage(dir, from, message);
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
    async close() {},
  };
}

async function writeMessage(dir: string, from: string, message: MailMessage): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  const date = new Date();
  const id = `${date.toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
  const stored: OutboxMessage = { id, date: date.toISOString(), from, ...message };
  const file = path.join(dir, `${id}.json`);
  await fs.promises.writeFile(`${file}.tmp`, `${JSON.stringify(stored, null, 2)}\n`, {
    mode: OWNER_ONLY_FILE,
    flag: 'wx',
  });
  await fs.promises.rename(`${file}.tmp`, file);
}

/** The messages in the outbox, oldest first; an outbox never written to is empty. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => JSON.parse(await fs.promises.readFile(path.join(dir, name), 'utf8')) as OutboxMessage),
  );
}
