import * as cheerio from 'cheerio';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like client for HTTP-level page tests over `app.inject`: it keeps the cookies the app sets (the sealed
 * session), reads the CSRF token from the page a form is on, and posts forms url-encoded as a browser does.
 */
export type WebClient = ReturnType<typeof webClient>;

/** The hidden `_csrf` field of the first form on a page. */
export function csrfTokenOf(page: string): string {
  const token = cheerio.load(page)('input[type="hidden"][name="_csrf"]').first().attr('value');
  if (!token) throw new Error('no CSRF field on this page');
  return token;
}

/** Keeps `name=value` pairs from Set-Cookie headers; an expired or emptied cookie is dropped. */
export function rememberCookies(jar: Map<string, string>, setCookie: string | string[] | null | undefined): void {
  for (const header of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
    const [pair, ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, attributeValue = ''] = attribute.trim().split('=');
      if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function webClient(app: FastifyInstance, options: { ip?: string } = {}) {
  const cookies = new Map<string, string>();

  async function send(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const response = await app.inject({
      method,
      url,
      remoteAddress: options.ip,
      headers: {
        accept: 'text/html,application/xhtml+xml',
        ...(cookies.size > 0 ? { cookie: cookieHeader(cookies) } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    rememberCookies(cookies, response.headers['set-cookie']);
    return response;
  }

  return {
    cookies,
    get: (url: string) => send('GET', url),
    post: (url: string, form: Record<string, string>) => send('POST', url, form),

    /** Opens `page`, then submits its form to `action` with that page's CSRF token (unless the fields carry one). */
    async submit(page: string, action: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
      const opened = await send('GET', page);
      return send('POST', action, { _csrf: csrfTokenOf(opened.body), ...fields });
    },

    /** Follows redirects within the app, as a browser does after a form post. */
    async follow(response: LightMyRequestResponse): Promise<LightMyRequestResponse> {
      let current = response;
      for (let hops = 0; current.statusCode >= 300 && current.statusCode < 400; hops++) {
        if (hops === 10) throw new Error('too many redirects');
        current = await send('GET', String(current.headers.location));
      }
      return current;
    },
  };
}
