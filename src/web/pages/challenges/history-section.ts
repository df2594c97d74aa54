import type { ChallengeChange } from '../../../modules/challenges/challenges.schemas.ts';
import { dateTime } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';
import type { ChallengeView } from './challenge-view.ts';

/** How many changes the page lists; the API pages through the rest. */
export const HISTORY_SHOWN = 100;
/** A changed text is quoted this far (a description may run to thousands of characters). */
const QUOTE_MAX = 140;

/** What the history calls each changed field (the API's `details` keys). */
const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  required_skills: 'Skills',
  required_experience_level: 'Experience',
  estimated_hours: 'Estimate',
  expected_output: 'Expected output',
  acceptance_criteria: 'Acceptance criteria',
  workstream_id: 'Workstream',
  position: 'Place',
  refined_brief: 'Refined brief',
};

/** A before or after value in words: lists joined, nothing said as "none", long text cut. */
function inWords(value: unknown, key: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => inWords(item, key)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = key === 'estimated_hours' ? `${value} hours` : String(value);
  return [...text].length > QUOTE_MAX ? `${[...text].slice(0, QUOTE_MAX).join('')}…` : text;
}

/** Each changed field of an edit as "Skills: Python → Python (advanced), SQL"; nothing for other entries. */
function fieldChanges(change: ChallengeChange): Html {
  const changed = Object.entries(change.details).filter(
    (entry): entry is [string, { from: unknown; to: unknown }] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'from' in entry[1] && 'to' in entry[1],
  );
  if (changed.length === 0) return html``;
  return html`<ul class="plain small">${changed.map(
    ([key, { from, to }]) =>
      html`<li>${FIELD_NAMES[key] ?? key.replace(/_/g, ' ')}: ${inWords(from, key)} → ${inWords(to, key)}</li>`,
  )}</ul>`;
}

function changeItem(change: ChallengeChange): Html {
  return html`<li>
  <p>${change.summary}</p>
  ${fieldChanges(change)}
  <p class="small muted">${change.user?.name ?? 'Someone no longer on Guild'}, ${dateTime(change.created_at)}</p>
</li>`;
}

/**
 * Change history: what the company changed in the plan and the refined brief (`GET /api/challenges/{id}/changes`),
 * newest first, each entry in a sentence with the fields it changed. The owner's only, collapsed like the analysis:
 * it is the record, not the work.
 */
export function historySection({ changes }: ChallengeView): Html {
  if (changes === null) return html``;
  const count = changes.length;
  return html`<section id="history" class="card" aria-labelledby="history-title">
  <h2 id="history-title">Change history</h2>
  <details>
    <summary>${count === 0 ? 'No changes yet' : `Show your changes to the plan (${count === HISTORY_SHOWN ? `the latest ${count}` : count}, only your company sees them)`}</summary>
    ${
      count === 0
        ? html`<p class="small muted">Tasks, workstreams and the refined brief are as the analysis wrote them.</p>`
        : html`<ol class="plain stack history">${changes.map(changeItem)}</ol>`
    }
  </details>
</section>`;
}
