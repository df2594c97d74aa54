import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: the OAuth/OIDC authorization code and state of a sign-in callback
 * (`/api/auth/linkedin/callback?code=…&state=…`), and tokens some clients put in a URL. A code in a log can be
 * exchanged for the account by anyone who reads the log before it expires, so the log gets its name only.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'code',
  'state',
  'session_state',
  'id_token',
  'access_token',
  'refresh_token',
  'token',
  'api_token',
]);

const REDACTED = '[Redacted]';

/** The URL with the value of every secret query parameter replaced by `[Redacted]`; the rest stays as it came. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url.slice(start + 1).split('&');
  let changed = false;
  const kept = pairs.map((pair) => {
    const rawName = pair.split('=', 1)[0];
    if (!SECRET_QUERY_PARAMETERS.has(decodedName(rawName).toLowerCase())) return pair;
    changed = true;
    return `${rawName}=${REDACTED}`;
  });
  return changed ? `${url.slice(0, start)}?${kept.join('&')}` : url;
}

// A name spelled with escapes (`c%6Fde`) is the same parameter to the application, so it is redacted too.
function decodedName(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    return rawName;
  }
}

/**
 * Fastify's request serializer (the `req` of "incoming request" lines) with the URL redacted; the fields are
 * Fastify's own.
 */
export function serializeRequest(request: FastifyRequest): {
  method: string;
  url: string;
  version: string | undefined;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
} {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: headerValue(request.headers?.['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
