import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CommandContext } from '../../src/cli/command.ts';
import { mailCommands } from '../../src/cli/mail-commands.ts';
import { loadConfig } from '../../src/config.ts';
import { createMailer } from '../../src/mail/create-mailer.ts';
import { MailDeliveryError } from '../../src/mail/mailer.ts';
import { createOutboxMailer, readOutbox } from '../../src/mail/outbox-mailer.ts';
import { createSmtpMailer } from '../../src/mail/smtp-mailer.ts';
import { type SmtpCapture, startSmtpCapture } from '../helpers/smtp-capture.ts';

const LINK = `http://localhost:3000/register/confirm?token=${'a'.repeat(43)}`;
const message = (to: string) => ({
  to,
  subject: 'Confirm your e-mail address to finish signing up to Guild',
  text: `Hello,\n\nOpen this link, which is longer than a mail line may be:\n\n${LINK}\n`,
});
const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail through SMTP (nodemailer against a real SMTP server on loopback)', () => {
  let smtp: SmtpCapture;
  before(async () => {
    smtp = await startSmtpCapture();
  });
  after(() => smtp.close());

  it('delivers the message from MAIL_FROM, with its text and link intact', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Guild <guild@example.test>');
    await mailer.send(message('ada@example.test'));
    await mailer.close();
    const [received] = smtp.messages.splice(0);
    assert.deepEqual(received.from?.value, [{ name: 'Guild', address: 'guild@example.test' }]);
    assert.equal(received.to && !Array.isArray(received.to) ? received.to.text : null, 'ada@example.test');
    assert.equal(received.subject, 'Confirm your e-mail address to finish signing up to Guild');
    assert.ok(received.text?.includes(LINK), 'the link arrives whole, however the text was encoded');
  });

  it('is the adapter the configuration picks when SMTP_URL is set', async () => {
    const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'guild@example.test', DATA_DIR: os.tmpdir() });
    const mailer = await createMailer(config.mail);
    await mailer.send(message('grace@example.test'));
    await mailer.close();
    assert.deepEqual(
      smtp.messages.splice(0).map((received) => received.subject),
      ['Confirm your e-mail address to finish signing up to Guild'],
    );
  });

  it('reports a refused message and an unreachable server as MailDeliveryError', async () => {
    smtp.refuse = true;
    try {
      const mailer = createSmtpMailer(smtp.url, 'guild@example.test');
      await assert.rejects(mailer.send(message('ada@example.test')), (error: unknown) => {
        assert.ok(error instanceof MailDeliveryError);
        assert.match(error.message, /Mailbox unavailable/);
        return true;
      });
    } finally {
      smtp.refuse = false;
    }
    const unreachable = createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'guild@example.test');
    await assert.rejects(unreachable.send(message('ada@example.test')), MailDeliveryError);
  });
});

describe('mail to the outbox folder (no SMTP_URL)', () => {
  let dataDir: string;
  let previousUmask: number;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-mail-'));
    // The usual umask lets everyone read what is created; the modes must not depend on it.
    previousUmask = process.umask(0o022);
  });
  after(() => {
    process.umask(previousUmask);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an owner-only file under DATA_DIR/outbox, read back oldest first', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Guild <guild@example.test>' });
    assert.equal(config.mail.outboxDir, path.join(dataDir, 'outbox'));
    const mailer = await createMailer(config.mail);
    await mailer.send(message('first@example.test'));
    await mailer.send(message('second@example.test'));

    const files = fs.readdirSync(config.mail.outboxDir);
    assert.equal(files.length, 2);
    assert.ok(
      files.every((file) => file.endsWith('.json')),
      'no temporary file is left',
    );
    assert.equal(modeOf(config.mail.outboxDir), '700');
    for (const file of files) assert.equal(modeOf(path.join(config.mail.outboxDir, file)), '600');

    const stored = await readOutbox(config.mail.outboxDir);
    assert.deepEqual(
      stored.map((mail) => [mail.to, mail.from, mail.text]),
      [
        ['first@example.test', 'Guild <guild@example.test>', message('').text],
        ['second@example.test', 'Guild <guild@example.test>', message('').text],
      ],
    );
    assert.ok(stored.every((mail) => !Number.isNaN(Date.parse(mail.date))));
  });

  it('reads an outbox never written to as empty, and reports a folder it cannot write as MailDeliveryError', async () => {
    assert.deepEqual(await readOutbox(path.join(dataDir, 'nothing-here')), []);
    const blocker = path.join(dataDir, 'a-file');
    fs.writeFileSync(blocker, '');
    await assert.rejects(
      createOutboxMailer(path.join(blocker, 'outbox'), 'guild@example.test').send(message('a@example.test')),
      MailDeliveryError,
    );
  });

  it('lists the outbox with `guild mail:outbox`, and prints one message with --show', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const lines: string[] = [];
    const context = { config, print: (line: string) => lines.push(line) } as unknown as CommandContext;
    await mailCommands['mail:outbox'].run(context, {});
    const [first, second] = await readOutbox(config.mail.outboxDir);
    assert.deepEqual(lines, [
      `${first.id}  first@example.test  ${first.subject}`,
      `${second.id}  second@example.test  ${second.subject}`,
    ]);

    lines.length = 0;
    await mailCommands['mail:outbox'].run(context, { show: second.id });
    assert.deepEqual(lines.slice(0, 5), [
      `Date: ${second.date}`,
      'From: Guild <guild@example.test>',
      'To: second@example.test',
      `Subject: ${second.subject}`,
      '',
    ]);
    assert.ok(lines.includes(LINK));
    await assert.rejects(mailCommands['mail:outbox'].run(context, { show: 'nope' }), /The outbox has no message nope/);

    lines.length = 0;
    const empty = loadConfig({ DATA_DIR: path.join(dataDir, 'empty') });
    await mailCommands['mail:outbox'].run({ ...context, config: empty }, {});
    assert.deepEqual(lines, [`The outbox (${path.join(dataDir, 'empty', 'outbox')}) is empty.`]);
  });
});
