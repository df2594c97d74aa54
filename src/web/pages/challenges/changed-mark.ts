import { type Html, html } from '../../html.ts';

type Planned = { origin: string; company_edited_at: string | null };

/**
 * "Changed by you" on a task or workstream the owning company added or changed (`origin`, `company_edited_at`): what
 * in the plan is the company's own, and no longer the analysis's. Only the owner is shown it.
 */
export function changedMark(item: Planned, isOwner: boolean): Html {
  if (!isOwner || (item.origin !== 'company' && item.company_edited_at === null)) return html``;
  const what = item.origin === 'company' ? 'You added this' : 'You changed this after the analysis';
  return html`<span class="changed-mark" title="${what}">Changed by you</span>`;
}
