import crypto from 'node:crypto';

/** What `GET /metrics` answers a scraper: 404 when metrics are off, 401 without the right bearer token. */
export type MetricsAccess = 'allowed' | 'off' | 'unauthorized';

/**
 * Metrics are off unless METRICS_TOKEN is set, and then served only to `Authorization: Bearer <METRICS_TOKEN>`:
 * they name routes, job names and volumes, which are nobody else's business, in production or not. Compared in
 * constant time, over digests so that the lengths differ in nothing either.
 */
export function metricsAccess(token: string | null, authorization: string | undefined): MetricsAccess {
  if (token === null) return 'off';
  const [scheme, given] = (authorization ?? '').split(' ', 2);
  if (scheme?.toLowerCase() !== 'bearer' || !given) return 'unauthorized';
  return crypto.timingSafeEqual(digest(given), digest(token)) ? 'allowed' : 'unauthorized';
}

function digest(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}
