import { NOTIFICATION_TYPE_NAMES, NOTIFICATION_TYPES } from '../../../modules/notifications/notification-types.ts';
import type { NotificationFilters } from '../../../modules/notifications/notifications.repository.ts';
import { field } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/** The notifications page's filters as they stand in its address (`?unread=1&type=…&challenge=…&page=…`). */
export type PageFilters = { unread: boolean; type: string; challenge: string };

type Group = { challenge: { id: number; title: string } | null; total: number; unread: number };

/** The filters as a person typed them in the address: unknown values are no filter, not an error page. */
export function pageFiltersOf(query: unknown): PageFilters {
  const raw = (query ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).trim().slice(0, 50) : '');
  const type = text('type');
  const challenge = text('challenge');
  return {
    // `filter=unread` is the address the page had before the type and challenge filters (kept: it may be bookmarked).
    unread: raw.unread === '1' || raw.filter === 'unread',
    type: (NOTIFICATION_TYPE_NAMES as readonly string[]).includes(type) ? type : '',
    challenge: challenge === 'none' || /^[1-9]\d{0,9}$/.test(challenge) ? challenge : '',
  };
}

export function listFilters(filters: PageFilters): NotificationFilters {
  return {
    unreadOnly: filters.unread,
    type: filters.type || null,
    challenge: filters.challenge === '' ? null : filters.challenge === 'none' ? 'none' : Number(filters.challenge),
  };
}

export const isFiltered = (filters: PageFilters) => filters.unread || filters.type !== '' || filters.challenge !== '';

/** This page's address with these filters and that page: the pager's links and the groups' links keep the filters. */
export function notificationsUrl(filters: PageFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.unread) params.set('unread', '1');
  if (filters.type) params.set('type', filters.type);
  if (filters.challenge) params.set('challenge', filters.challenge);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/notifications?${query}` : '/notifications';
}

const groupLabel = (group: Group) =>
  `${group.challenge?.title ?? 'Not about a challenge'} (${group.total}${group.unread > 0 ? `, ${group.unread} unread` : ''})`;

/** A GET form: type and challenge (each challenge the reader has notifications about, with its counts), unread. */
export function filterForm(filters: PageFilters, groups: readonly Group[]): Html {
  const typeOptions: Array<[string, string]> = [
    ['', 'All types'],
    ...NOTIFICATION_TYPE_NAMES.map((name): [string, string] => [name, NOTIFICATION_TYPES[name].tag]),
  ];
  const challengeOptions: Array<[string, string]> = [
    ['', 'All challenges'],
    ...groups.map((group): [string, string] => [
      group.challenge ? String(group.challenge.id) : 'none',
      groupLabel(group),
    ]),
  ];
  return html`<form method="get" action="/notifications" class="card filters notification-filters" role="search" aria-label="Filter notifications">
  <div class="grid">
    ${field({ name: 'type', label: 'Type', type: 'select', value: filters.type, options: typeOptions })}
    ${field({ name: 'challenge', label: 'Challenge', type: 'select', value: filters.challenge, options: challengeOptions })}
    ${field({
      name: 'unread',
      label: 'Show',
      type: 'select',
      value: filters.unread ? '1' : '',
      options: [
        ['', 'Read and unread'],
        ['1', 'Unread only'],
      ],
    })}
  </div>
  <div class="row"><button type="submit">Show notifications</button>${isFiltered(filters) && html` <a href="/notifications">Clear filters</a>`}</div>
</form>`;
}
