import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every message it accepts, parsed; `refuse` makes it reject them. */
export type SmtpCapture = {
  url: string;
  messages: ParsedMail[];
  refuse: boolean;
  /** How many messages were refused while `refuse` was set. */
  refused: number;
  close: () => Promise<void>;
};

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const capture = { messages: [] as ParsedMail[], refuse: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (capture.refuse) {
            capture.refused++;
            return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          }
          capture.messages.push(mail);
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(capture, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
