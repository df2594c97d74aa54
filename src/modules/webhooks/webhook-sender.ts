import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { checkLiteralHost, guardedLookup, WebhookAddressError } from './webhook-address.ts';
import { signatureHeaders } from './webhook-signature.ts';

/** How a delivery attempt is made (docs/api.md, Webhooks): one POST, bounded in time and in what it reads. */
const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
const EXCERPT_BYTES = 1024;

const PACKAGE_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const USER_AGENT = `Guild-Webhooks/${PACKAGE_VERSION}`;

export type SendResult = {
  ok: boolean;
  /** The receiver's status; null when no response came (refused address, timeout, connection error). */
  status: number | null;
  /** The first KB of the response body, as text. */
  excerpt: string | null;
  /** Why the attempt failed, in a sentence; null when it succeeded. */
  error: string | null;
};

export type Delivery = {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  allowPrivate: boolean;
  /** How long the whole attempt may take; 10 s unless a caller (a test of the limit) says otherwise. */
  timeoutMs?: number;
};

/** The first KB of what was read, cut where a character ends. */
function excerptOf(chunks: Buffer[]): string | null {
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  if (bytes.length === 0) return null;
  // As a stream: a character cut at the end is held back for a next chunk that never comes, so it is left out.
  return new TextDecoder().decode(bytes, { stream: true });
}

/**
 * POSTs the signed body. Any 2xx is success; redirects are not followed (a 3xx is a failure); at most 64 KB of the
 * response is read; the whole attempt ends after 10 s. The connection goes only to an address the guarded lookup
 * allowed, so the check is made against the address actually connected.
 */
export function sendWebhook(delivery: Delivery): Promise<SendResult> {
  const timeoutMs = delivery.timeoutMs ?? TIMEOUT_MS;
  return new Promise((resolve) => {
    const fail = (error: string, status: number | null = null, excerpt: string | null = null) =>
      resolve({ ok: false, status, excerpt, error });
    let url: URL;
    try {
      url = new URL(delivery.url);
      checkLiteralHost(url, delivery.allowPrivate);
    } catch (error) {
      return fail(error instanceof WebhookAddressError ? error.message : 'The webhook URL is not valid.');
    }
    const client = url.protocol === 'https:' ? https : http;
    const body = Buffer.from(delivery.body);
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': USER_AGENT,
        ...signatureHeaders(delivery.secret, delivery.eventId, delivery.body),
      },
      lookup: guardedLookup(delivery.allowPrivate),
      signal: AbortSignal.timeout(timeoutMs),
      agent: false,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const finish = () => {
        const status = response.statusCode ?? 0;
        const excerpt = excerptOf(chunks);
        if (status >= 200 && status < 300) return resolve({ ok: true, status, excerpt, error: null });
        const why =
          status >= 300 && status < 400
            ? `The endpoint answered ${status}, a redirect; redirects are not followed.`
            : `The endpoint answered ${status}.`;
        fail(why, status, excerpt);
      };
      response.on('data', (chunk: Buffer) => {
        if (read >= MAX_RESPONSE_BYTES) return;
        chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - read));
        read += chunk.length;
        // Enough read: the rest of a large body is not waited for.
        if (read >= MAX_RESPONSE_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', () => finish());
    });
    request.on('error', (error) => {
      if (error instanceof WebhookAddressError) return fail(error.message);
      if (error.name === 'TimeoutError' || error.name === 'AbortError') {
        return fail(`The endpoint did not answer within ${timeoutMs / 1000} s.`);
      }
      fail(`The request failed: ${error.message}.`);
    });
    request.end(body);
  });
}
