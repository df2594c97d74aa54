import type { webhooks } from './generated/openapi.ts';

/**
 * Checking a webhook delivery (Standard Webhooks, https://www.standardwebhooks.com): Guild signs
 * `"{webhook-id}.{webhook-timestamp}.{body}"` with HMAC-SHA256 under the webhook's secret (the base64 after `whsec_`)
 * and sends `webhook-signature: v1,<base64 signature>`. Web Crypto only, so it runs in Node, Deno, Bun and workers.
 */

/**
 * A delivery's body: `{ id, type, created_at, data }`, one of the events of the document's `webhooks` section, with
 * the resource as the API shows it to the webhook's owner in `data`; `switch (event.type)` narrows `data`. The `id`
 * (`evt_…`, also the `webhook-id` header) is the same on every retry and redelivery: use it to drop duplicates.
 */
export type WebhookEvent = {
  [Type in keyof webhooks]: NonNullable<webhooks[Type]['post']>['requestBody']['content']['application/json'];
}[keyof webhooks];

/** Why a delivery was refused: answer it with a 4xx, and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyWebhookOptions = {
  /** How far the `webhook-timestamp` may be from now, either way (replays, clock skew); 300 s by default. */
  toleranceSeconds?: number;
  /** The time to compare with; the clock by default. */
  now?: Date;
};

/**
 * The event of a delivery whose signature and timestamp are right, else a `WebhookVerificationError`. `body` is the
 * request body exactly as received (read it as text or bytes before any JSON parsing: a re-serialised body no longer
 * matches its signature).
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  { toleranceSeconds = 300, now = new Date() }: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  }
  if (!/^[0-9]+$/.test(timestamp)) throw new WebhookVerificationError('The webhook-timestamp is not a Unix time.');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError('The webhook-timestamp is too far from now: a replay, or a clock far off.');
  }
  const key = await crypto.subtle.importKey(
    'raw',
    decodeBase64(secret.replace(/^whsec_/, ''), 'The secret is not a whsec_ secret.'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const bodyBytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);
  // Several signatures may come, space-separated (e.g. while a secret is rotated): one that matches is enough.
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) continue;
    let expected: Uint8Array<ArrayBuffer>;
    try {
      expected = decodeBase64(signature, '');
    } catch {
      continue;
    }
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, expected, signed)) {
      return JSON.parse(new TextDecoder().decode(bodyBytes)) as WebhookEvent;
    }
  }
  throw new WebhookVerificationError('No webhook-signature matches the body: a wrong secret, or a changed body.');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(' ') : value;
}

function decodeBase64(text: string, problem: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  } catch {
    throw new WebhookVerificationError(problem);
  }
}
