import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import { MessageBody } from './schemas.ts';

/**
 * The routes that create an API token or lead to one (sign-in, registration and its confirmation link, LinkedIn
 * sign-in, a password reset) or send mail to an address anyone can type (the confirmation link again, "forgot your
 * password"). The pages that show the forms
 * are not limited: only what is submitted.
 */
const AUTH_ROUTES: ReadonlySet<string> = new Set([
  'POST /login',
  'POST /register',
  'POST /register/confirm',
  'POST /register/resend',
  'POST /forgot-password',
  'POST /reset-password',
  'GET /api/auth/linkedin/redirect',
  'GET /api/auth/linkedin/callback',
]);

const TOO_MANY_REQUESTS = {
  ...MessageBody,
  description: 'Too many sign-in and registration requests from this address; Retry-After says when to try again.',
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the count starts again.' } },
};

function isAuthRoute(route: RouteOptions): boolean {
  // HEAD runs the GET handler (Fastify adds it to every GET route).
  const methods = [route.method].flat().map((method) => (method === 'HEAD' ? 'GET' : method));
  return methods.some((method) => AUTH_ROUTES.has(`${method} ${route.url}`));
}

/**
 * Rate limit on the routes above (issue 10, low list): per client address as `request.ip` gives it (TRUST_PROXY
 * decides whose X-Forwarded-For is believed; an IPv6 address counts by its /64, which one client usually holds whole),
 * at most `max` requests per window over all of them together, else 429 with Retry-After (the error handler answers
 * JSON under /api, a page elsewhere). Counted in this process's memory (@fastify/rate-limit's LRU store of 5000
 * addresses): each process counts alone. The password sign-in lock (login-throttle.ts) is the limit that holds across
 * processes; this one stops floods of registrations, mails and hashes from one address.
 * Registered before the routes: they are matched as they are added.
 */
export async function installAuthRateLimit(app: FastifyInstance, limit: Config['authRateLimit']): Promise<void> {
  if (!limit) return;
  await app.register(rateLimit, {
    global: false,
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return Object.assign(
        new Error(
          `Too many sign-in and registration requests from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        ),
        { statusCode: 429 },
      );
    },
  });
  // One limiter, so one count per address over every route it is added to; first among the route's own onRequest
  // hooks (the form checks), so every attempt is counted and a refused one costs nothing more.
  const limited = app.rateLimit();
  app.addHook('onRoute', (route) => {
    if (!isAuthRoute(route)) return;
    route.onRequest = [limited, ...[route.onRequest ?? []].flat()];
    // The API reference lists the answer (the routes under /api declare their responses; the web forms have none).
    if (route.schema?.response && typeof route.schema.response === 'object') {
      route.schema.response = { ...route.schema.response, 429: TOO_MANY_REQUESTS };
    }
  });
}
