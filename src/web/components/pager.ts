import { type Html, html } from '../html.ts';

/** Previous / next links under a list, with where the reader is; nothing when everything fits on one page. */
export function pager(path: string, page: number, perPage: number, total: number): Html {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (lastPage === 1) return html``;
  // A path may already carry its own query (a thread's `?task_id=`).
  const link = (n: number) => `${path}${path.includes('?') ? '&' : '?'}page=${n}`;
  return html`<nav class="pagination" aria-label="Pages">
  ${page > 1 ? html`<a href="${link(Math.min(page - 1, lastPage))}" rel="prev">Previous page</a>` : ''}
  <span>Page ${Math.min(page, lastPage)} of ${lastPage}</span>
  ${page < lastPage ? html`<a href="${link(page + 1)}" rel="next">Next page</a>` : ''}
</nav>`;
}
