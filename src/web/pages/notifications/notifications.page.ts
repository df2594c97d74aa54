import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { isNotificationTypeName, NOTIFICATION_TYPES } from '../../../modules/notifications/notification-types.ts';
import type { Notification } from '../../../modules/notifications/notifications.schemas.ts';
import { listMyNotifications, openNotification } from '../../../modules/notifications/notifications.service.ts';
import { dateTime } from '../../components/labels.ts';
import { pageOf } from '../../components/page-of.ts';
import { idParam } from '../../components/path-id.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

const PER_PAGE = 20;

const tagOf = (type: string) => (isNotificationTypeName(type) ? NOTIFICATION_TYPES[type].tag : type);

type Filter = 'unread' | 'all';

function filterOf(query: unknown): Filter {
  return (query as Record<string, unknown> | undefined)?.filter === 'unread' ? 'unread' : 'all';
}

function filterLinks(filter: Filter): Html {
  const link = (value: Filter, label: string) =>
    html`<li><a href="/notifications${value === 'unread' ? '?filter=unread' : ''}"${filter === value ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav aria-label="Show"><ul class="plain row">${link('all', 'All')}${link('unread', 'Unread only')}</ul></nav>`;
}

/** Each action is a small `data-api` form: the page's script calls the API with the token and reloads. */
function actions(notification: Notification): Html {
  return html`<div class="actions">
  ${notification.action_url && html`<a class="button secondary" href="/notifications/${notification.id}/open">Open</a>`}
  ${
    !notification.is_read &&
    html`<form data-api="/api/notifications/${notification.id}/mark-read" data-method="POST">${formErrorSummary(null)}<button type="submit" class="secondary">Mark read</button></form>`
  }
  <form data-api="/api/notifications/${notification.id}" data-method="DELETE">${formErrorSummary(null)}<button type="submit" class="secondary">Delete</button></form>
</div>`;
}

function item(notification: Notification): Html {
  return html`<li class="card${notification.is_read ? '' : ' unread'}">
  <div class="card-head">
    <h2>${notification.title}</h2>
    ${notification.is_read ? html`<span class="small muted">Read</span>` : html`<span class="status pending">Unread</span>`}
  </div>
  <p class="small muted"><span class="tag">${tagOf(notification.type)}</span> ${dateTime(notification.created_at)}</p>
  <p>${notification.message}</p>
  ${actions(notification)}
</li>`;
}

function pages(filter: Filter, page: number, total: number): Html {
  const lastPage = Math.ceil(total / PER_PAGE);
  if (lastPage <= 1) return html``;
  const link = (n: number) => `/notifications?${filter === 'unread' ? 'filter=unread&' : ''}page=${n}`;
  return html`<nav class="pagination" aria-label="Pages">
  ${page > 1 && html`<a href="${link(Math.min(page - 1, lastPage))}" rel="prev">Newer</a>`}
  <span>Page ${Math.min(page, lastPage)} of ${lastPage}</span>
  ${page < lastPage && html`<a href="${link(page + 1)}" rel="next">Older</a>`}
</nav>`;
}

/**
 * Where app.js announces the notifications that arrive while the page is open (from the notification stream): their
 * titles, linked, and a link that shows the list again with them in it; a live region, so screen readers say it.
 * Announced rather than slipped into the list, which would move the list under the reader's pointer.
 */
function arrivals(): Html {
  return html`<div data-live-notifications role="status">
  <div class="card" hidden>
    <p><strong data-live-count></strong> <a href="/notifications">Show them in the list</a></p>
    <ul></ul>
  </div>
</div>`;
}

/** `/notifications`: the signed-in user's own notifications, newest first, for both account types. */
export async function notificationsPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const filter = filterOf(request.query);
  const page = pageOf(request.query, PER_PAGE);
  const { data, total, unreadCount } = await listMyNotifications(
    deps.db,
    user,
    { unreadOnly: filter === 'unread', type: null, challenge: null },
    page,
  );
  return sendPage(request, reply, {
    title: 'Notifications',
    body: html`<div class="page-head"><h1>Notifications</h1> <span class="count" data-unread-total>${unreadCount} unread</span> <a href="/settings/notifications">E-mail settings</a></div>
${arrivals()}
<div class="filters">
  ${filterLinks(filter)}
  ${
    unreadCount > 0 &&
    html`<form data-api="/api/notifications/mark-all-read" data-method="POST">${formErrorSummary(null)}<button type="submit">Mark all read</button></form>`
  }
</div>
${
  data.length === 0
    ? html`<p class="muted">${filter === 'unread' ? 'Nothing unread. You are up to date.' : 'No notifications yet.'}</p>`
    : html`<ol class="plain stack">${data.map(item)}</ol>`
}
${pages(filter, page.page, total)}`,
  });
}

/**
 * `GET /notifications/{id}/open`: the link of a notification, on this page, in the bell and in e-mails. Marks it read
 * and goes on to its target, so opening what a notification is about is reading it.
 */
export async function openNotificationPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
) {
  return reply.redirect(await openNotification(deps.db, user, idParam(request, 'Notification')), 303);
}
