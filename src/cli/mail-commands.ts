import { readOutbox } from '../mail/outbox-mailer.ts';
import { CommandFailure } from './cli-errors.ts';
import type { Command } from './command.ts';

/** The outbox: where mail goes when no SMTP server is configured (src/mail/outbox-mailer.ts). */
export const mailCommands: Record<string, Command> = {
  'mail:outbox': {
    summary:
      'List the e-mails written to the outbox (DATA_DIR/outbox) when no SMTP_URL is set, oldest first; --show prints one.',
    options: {
      show: { type: 'string', value: 'ID', description: 'Print this message whole (its ID as the list shows it).' },
    },
    examples: ['guild mail:outbox', 'guild mail:outbox --show 2026-11-25T21-58-11-000Z-1a2b3c4d'],
    async run({ config, print }, options) {
      if (config.mail.smtpUrl) print(`SMTP_URL is set: new mail goes to the SMTP server, not to this outbox.`);
      const messages = await readOutbox(config.mail.outboxDir);
      if (typeof options.show === 'string') {
        const message = messages.find((candidate) => candidate.id === options.show);
        if (!message) throw new CommandFailure(`The outbox has no message ${options.show}.`);
        const header = [`Date: ${message.date}`, `From: ${message.from}`, `To: ${message.to}`];
        for (const line of [...header, `Subject: ${message.subject}`, '', ...message.text.split('\n')]) print(line);
        return;
      }
      if (messages.length === 0) {
        print(`The outbox (${config.mail.outboxDir}) is empty.`);
        return;
      }
      for (const message of messages) print(`${message.id}  ${message.to}  ${message.subject}`);
    },
  },
};
