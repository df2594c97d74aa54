import { cookieHeader, csrfTokenOf, rememberCookies } from '../helpers/web-client.ts';

export type PageResponse = { status: number; location: string | null; body: string; headers: Headers };

/**
 * One browser over real HTTP: its cookies (the sealed session) go with every request, to whichever process serves
 * it, as a load balancer without sticky sessions sends a browser's requests to any of them. Forms are posted
 * url-encoded with the CSRF token of the page they are on; redirects are not followed.
 */
export function browserSession() {
  const cookies = new Map<string, string>();

  async function send(baseUrl: string, method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml' };
    if (cookies.size > 0) headers.cookie = cookieHeader(cookies);
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    rememberCookies(cookies, response.headers.getSetCookie());
    const body = await response.text();
    return { status: response.status, location: response.headers.get('location'), body, headers: response.headers };
  }

  return {
    /** A copy of this browser's cookies as they are now, e.g. to replay a session after it ended. */
    copy() {
      const other = browserSession();
      for (const [name, value] of cookies) other.cookies.set(name, value);
      return other;
    },
    cookies,
    get: (baseUrl: string, path: string): Promise<PageResponse> => send(baseUrl, 'GET', path),
    /**
     * Opens `page` on `pageFrom` and posts its form to `action` on `postTo` with that page's CSRF token: the two may
     * be different processes.
     */
    async submit(
      from: { pageFrom: string; page: string; postTo: string; action: string },
      fields: Record<string, string>,
    ): Promise<PageResponse> {
      const opened = await send(from.pageFrom, 'GET', from.page);
      return send(from.postTo, 'POST', from.action, { _csrf: csrfTokenOf(opened.body), ...fields });
    },
  };
}

export type BrowserSession = ReturnType<typeof browserSession>;
