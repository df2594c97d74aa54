import crypto from 'node:crypto';

/**
 * The pure rules of idempotent POSTs (docs/api.md, Idempotent requests): what a valid key is, which requests count as
 * the same, and which responses are kept for replays.
 */

const KEY_MAX_LENGTH = 255;

export const INVALID_KEY_MESSAGE =
  `The Idempotency-Key header must be 1 to ${KEY_MAX_LENGTH} visible ASCII characters ` +
  '(letters, digits and punctuation; no spaces), sent once.';

/**
 * Whether a header value is a usable key: 1–255 characters from `!` to `~`. A header sent twice reaches us joined
 * with ", " (Node joins repeated unknown headers), which the space makes invalid, so a doubled key is refused too.
 */
export function isValidIdempotencyKey(value: string | string[] | undefined): value is string {
  if (typeof value !== 'string' || value.length < 1 || value.length > KEY_MAX_LENGTH) return false;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x21 || code > 0x7e) return false;
  }
  return true;
}

/**
 * Whether a route takes part: POSTs under /api that need a caller (the key is scoped to the user; an anonymous POST
 * has no one to scope it to, and its key is ignored). The hooks decide per request on the same terms (the method,
 * and the caller the bearer hook found on /api routes); the OpenAPI document uses this for each route.
 */
export function takesIdempotencyKey(method: string | string[], url: string, auth: boolean | undefined): boolean {
  return [method].flat().includes('POST') && url.startsWith('/api/') && auth !== false;
}

/** The header as the OpenAPI document declares it on those routes. */
export const IDEMPOTENCY_KEY_HEADER = {
  'Idempotency-Key': {
    type: 'string',
    minLength: 1,
    maxLength: KEY_MAX_LENGTH,
    description:
      'Makes the POST safe to retry. The first response to this user and key (status, Content-Type, Location and ' +
      'body) is kept for 24 hours; a repeat with the same method, path and body gets it back with ' +
      '`Idempotent-Replayed: true` and runs nothing. 1 to 255 visible ASCII characters (e.g. a UUID), else 422; ' +
      'the key used for another path or body: 422; a repeat while the first request runs: 409. 5xx, 409 and 429 ' +
      'answers are not kept, so a retry runs the request again.',
  },
};

/** JSON with every object's keys sorted, so that the same parameters in another order give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A file of the request as the fingerprint sees it: where it came, its name, and its bytes' SHA-256. */
export type FingerprintedFile = { field: string; fileName: string; size: number; sha256: string };

/**
 * The SHA-256 of what the request asks for: its body as parsed and normalised (the values the route validates, in
 * any key order and whatever the multipart boundary), each file's field, name, size and content hash in the order
 * sent, and the file fields the route ignored. Two sends of one request give the same hash even when the client
 * builds a new multipart body with a new random boundary, as browsers, curl and fetch do on every send; a hash of the
 * raw bytes would make every multipart retry a 422.
 */
export function requestFingerprint(request: {
  body: unknown;
  files: readonly FingerprintedFile[];
  ignoredFileFields: readonly string[];
}): string {
  const text = canonicalJson({
    body: request.body ?? null,
    files: request.files.map((file) => [file.field, file.fileName, file.size, file.sha256]),
    ignored_file_fields: request.ignoredFileFields,
  });
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * Responses kept for replays: every status below 500 except 409 and 429, which say "not now" rather than answer the
 * request, so a retry should run it. A 5xx is not kept either: the request may succeed when retried, so the key is
 * released and the retry runs it again (Stripe and the IETF draft do the same).
 */
export function isKeptStatus(status: number): boolean {
  return status < 500 && status !== 409 && status !== 429;
}

/** The response headers kept with the body; the others (request id, security headers, dates) are made anew. */
export const KEPT_HEADERS = ['content-type', 'location'] as const;
