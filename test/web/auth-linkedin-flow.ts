import type { WebClient } from '../helpers/web-client.ts';
import { cookieHeader, rememberCookies } from '../helpers/web-client.ts';

/**
 * A browser's trip through "Sign in with LinkedIn" at the HTTP level: requests to the app go through `app.inject`
 * (the app's origin is APP_ORIGIN), requests to the OpenID Connect server over loopback HTTP, each with its own
 * cookies, following every redirect.
 */
export const APP_ORIGIN = 'http://guild.test';
export const REDIRECT_URI = `${APP_ORIGIN}/api/auth/linkedin/callback`;

export type Stop = { status: number; url: string; location: string | null; body: string };

export type Trip = {
  /** Follows redirects from `url` until a page, or until a URL `stopBefore` accepts (not requested). */
  go(url: string, stopBefore?: (url: URL) => boolean): Promise<Stop>;
};

export function linkedinTrip(client: WebClient): Trip {
  const providerCookies = new Map<string, string>();

  async function request(url: URL): Promise<Stop> {
    if (url.origin === APP_ORIGIN) {
      const response = await client.get(url.pathname + url.search);
      const location = response.headers.location;
      return {
        status: response.statusCode,
        url: url.href,
        location: location ? String(location) : null,
        body: response.body,
      };
    }
    const response = await fetch(url, {
      redirect: 'manual',
      headers: providerCookies.size > 0 ? { cookie: cookieHeader(providerCookies) } : {},
    });
    rememberCookies(providerCookies, response.headers.getSetCookie());
    return {
      status: response.status,
      url: url.href,
      location: response.headers.get('location'),
      body: await response.text(),
    };
  }

  return {
    async go(start, stopBefore) {
      let url = new URL(start, APP_ORIGIN);
      for (let hops = 0; hops < 20; hops++) {
        if (stopBefore?.(url)) return { status: 0, url: url.href, location: null, body: '' };
        const stop = await request(url);
        if (stop.status < 300 || stop.status >= 400 || !stop.location) return stop;
        url = new URL(stop.location, url);
      }
      throw new Error('too many redirects');
    },
  };
}

export const isCallback = (url: URL) => url.href.startsWith(REDIRECT_URI);
