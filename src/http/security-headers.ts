import type { FastifyInstance } from 'fastify';
import { routedPathOf } from './auth.ts';

/**
 * The Content-Security-Policy of the API reference (`/docs`, Swagger UI). Its page loads only its own scripts and
 * stylesheets from `/docs/static` (no inline script: `@fastify/swagger-ui`'s `csp.json` lists no hashes), fetches the
 * OpenAPI document from this origin, and draws icons as `data:` images; nothing comes from another host (the
 * validator badge is off: `validatorUrl` is null). Styles set by its scripts go through the DOM, which `style-src`
 * does not restrict.
 */
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join('; ');

/** One year, the usual minimum for HSTS preload lists; subdomains included, so no subdomain serves plain HTTP. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Headers every response carries (issue 10, low list):
 * - `X-Content-Type-Options: nosniff`, so a browser never reads a JSON answer or a stored file as HTML or script;
 * - `Strict-Transport-Security` when the service is published over https (`APP_URL`), so browsers stop trying
 *   plain HTTP; never over http, where it would be ignored at best and lock a misconfigured host out at worst;
 * - the CSP of `/docs` (web pages set their own, with a nonce, in `src/web/layout.ts`).
 * A handler that already set one of these keeps its own value.
 */
export function installSecurityHeaders(app: FastifyInstance, appUrl: string): void {
  const https = new URL(appUrl).protocol === 'https:';
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (https && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    const path = routedPathOf(request);
    if ((path === '/docs' || path.startsWith('/docs/')) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}
