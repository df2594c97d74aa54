import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/auth/tokens.service.ts';
import { type Html, html, jsonForScript } from './html.ts';
import { takeFlash } from './session.ts';

export type PageOptions = {
  title: string;
  body: Html;
  /** HTTP status of the page (error pages). */
  status?: number;
  /** Extra classes on <main>, e.g. "narrow" for forms. */
  width?: 'narrow' | 'wide';
  /**
   * Origins a form of this page may end up at besides this site: a form whose answer redirects elsewhere (to the
   * identity provider) is blocked by the browser unless the policy's `form-action` names where it goes.
   */
  formTargets?: readonly string[];
};

const NAV: Record<AuthUser['account_type'], Array<[string, string]>> = {
  company: [
    ['/dashboard', 'Dashboard'],
    ['/challenges', 'Challenges'],
    ['/challenges/new', 'New challenge'],
    ['/reviews', 'Reviews'],
    ['/people', 'Find people'],
    ['/company/profile', 'Company profile'],
  ],
  contributor: [
    ['/dashboard', 'Dashboard'],
    ['/tasks/available', 'Find tasks'],
    ['/assignments', 'My assignments'],
    ['/teams', 'Teams'],
    ['/ideas', 'My ideas'],
    ['/challenges', 'Challenges'],
    ['/profile', 'Profile'],
  ],
};

/** The notifications bell: inline, so the header needs no asset; its link says "Notifications" in words. */
const BELL = html`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" fill="currentColor"/></svg>`;

/**
 * Every page goes through here. For a signed-in user the layout hands the session's API token to the browser as
 * `localStorage.api_token` (docs/contract.md §5) so the page's scripts call the API as any integration would; for
 * everyone else it removes any token left behind (after a logout). A per-response nonce lets exactly these inline
 * scripts run under the Content-Security-Policy.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, options: PageOptions): FastifyReply {
  const nonce = crypto.randomBytes(16).toString('base64');
  const user = request.webUser;
  const flash = takeFlash(request);
  const tokenScript = request.webToken
    ? html`<script nonce="${nonce}">localStorage.setItem('api_token', ${jsonForScript(request.webToken)});</script>`
    : html`<script nonce="${nonce}">localStorage.removeItem('api_token');</script>`;
  const csrfToken = user ? reply.generateCsrf() : null;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Guild</title>
<link rel="stylesheet" href="/assets/app.css">
${tokenScript}
<script src="/assets/app.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="${user ? '/dashboard' : '/'}">Guild</a>
  ${user && html`<a class="bell" href="/notifications"${request.url === '/notifications' ? html` aria-current="page"` : ''}>${BELL}<span class="bell-label">Notifications</span> <span class="badge" data-unread-count hidden></span></a>`}
  <button type="button" class="menu-toggle secondary" aria-expanded="false" aria-controls="site-menu">Menu</button>
  <div class="site-menu" id="site-menu">
  ${
    user
      ? html`<nav aria-label="Main">
    <ul>${NAV[user.account_type].map(([href, label]) => html`<li><a href="${href}"${request.url === href ? html` aria-current="page"` : ''}>${label}</a></li>`)}
    </ul>
  </nav>
  <form method="post" action="/logout" class="logout">
    <input type="hidden" name="_csrf" value="${csrfToken}">
    <span class="who">${user.name}</span>
    <button type="submit" class="link">Sign out</button>
  </form>`
      : html`<nav aria-label="Account"><ul><li><a href="/login">Sign in</a></li><li><a href="/register">Create account</a></li></ul></nav>`
  }
  </div>
</header>
<main id="main" class="${options.width ?? ''}" tabindex="-1">
${flash && html`<p class="flash" role="status">${flash}</p>`}
${options.body}
</main>
<footer class="site"><p>Guild — challenges and the people who solve them. <a href="/docs">API reference</a></p></footer>
</body>
</html>`;
  // A page that carries the API token must not be kept by the browser's or any proxy's cache (issue 10, item 6).
  if (request.webToken) reply.header('cache-control', 'no-store');
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ');
  return reply
    .status(options.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'self'`,
    )
    .header('referrer-policy', 'same-origin')
    .send(page.value);
}

/** The hidden CSRF field every form carries. */
export function csrfField(reply: FastifyReply): Html {
  return html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
}
