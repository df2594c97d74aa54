import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { isNotificationTypeName, NOTIFICATION_TYPES } from '../../../modules/notifications/notification-types.ts';
import type { Notification } from '../../../modules/notifications/notifications.schemas.ts';
import {
  groupsOf,
  listMyNotifications,
  openNotification,
} from '../../../modules/notifications/notifications.service.ts';
import { dateTime } from '../../components/labels.ts';
import { pageOf } from '../../components/page-of.ts';
import { idParam } from '../../components/path-id.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import {
  filterForm,
  isFiltered,
  listFilters,
  notificationsUrl,
  type PageFilters,
  pageFiltersOf,
} from './notification-filters.ts';

const PER_PAGE = 20;

const tagOf = (type: string) => (isNotificationTypeName(type) ? NOTIFICATION_TYPES[type].tag : type);

/**
 * Each action is a small `data-api` form: the page's script calls the API with the token and reloads. A notification
 * whose action is no longer possible says why instead of offering it (docs/api.md, Notifications); its target can
 * still be looked at.
 */
function actions(notification: Notification): Html {
  const open = notification.action_url
    ? notification.actionable
      ? html`<a class="button secondary" href="/notifications/${notification.id}/open">Open</a>`
      : html`<a href="/notifications/${notification.id}/open">See what happened</a>`
    : '';
  return html`<div class="actions">
  ${open}
  ${
    !notification.is_read &&
    html`<form data-api="/api/notifications/${notification.id}/mark-read" data-method="POST">${formErrorSummary(null)}<button type="submit" class="secondary">Mark read</button></form>`
  }
  <form data-api="/api/notifications/${notification.id}" data-method="DELETE">${formErrorSummary(null)}<button type="submit" class="secondary">Delete</button></form>
</div>`;
}

function item(notification: Notification): Html {
  return html`<li class="card${notification.is_read ? '' : ' unread'}${notification.actionable ? '' : ' inactive'}">
  <div class="card-head">
    <h3>${notification.title}</h3>
    ${notification.is_read ? html`<span class="small muted">Read</span>` : html`<span class="status pending">Unread</span>`}
  </div>
  <p class="small muted"><span class="tag">${tagOf(notification.type)}</span> ${dateTime(notification.created_at)}</p>
  <p>${notification.message}</p>
  ${notification.inactive_reason && html`<p class="inactive-reason"><strong>No longer possible:</strong> ${notification.inactive_reason}</p>`}
  ${actions(notification)}
</li>`;
}

type Section = { challenge: Notification['challenge']; items: Notification[] };

/** The page's notifications by challenge, in the order of each challenge's newest one; those about none last. */
function byChallenge(notifications: readonly Notification[]): Section[] {
  const sections = new Map<number | null, Section>();
  for (const notification of notifications) {
    const key = notification.challenge?.id ?? null;
    const section = sections.get(key) ?? { challenge: notification.challenge, items: [] };
    section.items.push(notification);
    sections.set(key, section);
  }
  return [...sections.values()].sort((a, b) => Number(a.challenge === null) - Number(b.challenge === null));
}

function section(filters: PageFilters, { challenge, items }: Section, index: number): Html {
  const id = `group-${index}`;
  const only = { ...filters, challenge: challenge ? String(challenge.id) : 'none' };
  return html`<section class="notification-group" aria-labelledby="${id}">
  <div class="group-head">
    <h2 id="${id}">${challenge ? challenge.title : 'Not about a challenge'}</h2>
    ${challenge && html`<a href="/challenges/${challenge.id}">Challenge page</a>`}
    ${filters.challenge === '' && html`<a href="${notificationsUrl(only)}">Only these</a>`}
  </div>
  <ol class="plain stack">${items.map(item)}</ol>
</section>`;
}

function pages(filters: PageFilters, page: number, total: number): Html {
  const lastPage = Math.ceil(total / PER_PAGE);
  if (lastPage <= 1) return html``;
  return html`<nav class="pagination" aria-label="Pages">
  ${page > 1 && html`<a href="${notificationsUrl(filters, Math.min(page - 1, lastPage))}" rel="prev">Newer</a>`}
  <span>Page ${Math.min(page, lastPage)} of ${lastPage}</span>
  ${page < lastPage && html`<a href="${notificationsUrl(filters, page + 1)}" rel="next">Older</a>`}
</nav>`;
}

/**
 * Where app.js announces the notifications that arrive while the page is open (from the notification stream): their
 * titles, linked, and a link that shows the list again with them in it; a live region, so screen readers say it.
 * Announced rather than slipped into the list, which would move the list under the reader's pointer.
 */
function arrivals(filters: PageFilters): Html {
  return html`<div data-live-notifications role="status">
  <div class="card" hidden>
    <p><strong data-live-count></strong> <a href="${notificationsUrl(filters)}">Show them in the list</a></p>
    <ul></ul>
  </div>
</div>`;
}

function emptyList(filters: PageFilters): Html {
  if (filters.unread && filters.type === '' && filters.challenge === '') {
    return html`<p class="muted">Nothing unread. You are up to date.</p>`;
  }
  if (isFiltered(filters)) {
    return html`<p class="muted">No notification matches these filters. <a href="/notifications">Show all notifications</a></p>`;
  }
  return html`<p class="muted">No notifications yet.</p>`;
}

/**
 * `/notifications`: the signed-in user's own notifications, newest first, grouped by challenge on each page, for both
 * account types; filtered by type, challenge and unread (query parameters, kept by the pager).
 */
export async function notificationsPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const filters = pageFiltersOf(request.query);
  const page = pageOf(request.query, PER_PAGE);
  const [{ data, total, unreadCount }, { groups }] = await Promise.all([
    listMyNotifications(deps.db, user, listFilters(filters), page),
    groupsOf(deps.db, user),
  ]);
  return sendPage(request, reply, {
    title: 'Notifications',
    body: html`<div class="page-head"><h1>Notifications</h1> <span class="count" data-unread-total>${unreadCount} unread</span> <a href="/settings/notifications">E-mail settings</a></div>
${arrivals(filters)}
${filterForm(filters, groups)}
${
  unreadCount > 0 &&
  html`<form class="row mark-all" data-api="/api/notifications/mark-all-read" data-method="POST">${formErrorSummary(null)}<button type="submit" class="secondary">Mark all read</button></form>`
}
${data.length === 0 ? emptyList(filters) : byChallenge(data).map((group, index) => section(filters, group, index))}
${pages(filters, page.page, total)}`,
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
