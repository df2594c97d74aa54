import type { ChallengeCompany } from '../../../modules/companies/companies.service.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { companyLogo } from '../../components/company-logo.ts';
import { hours, skillTags } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';

const SUMMARY_LENGTH = 240;

/** The start of a long text, cut at a word, so cards stay a similar size. */
function excerpt(text: string | null, length = SUMMARY_LENGTH): string {
  if (!text) return '';
  const characters = [...text];
  if (characters.length <= length) return text;
  const cut = characters.slice(0, length).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…`;
}

/** The facts a contributor weighs a task by: time, level and complexity. */
export function taskFacts(task: Task): Html {
  return html`<dl class="facts">
  <div><dt>Estimated time</dt><dd>${hours(task.estimated_hours)}</dd></div>
  <div><dt>Experience level</dt><dd>${task.required_experience_level ?? 'any'}</dd></div>
  <div><dt>Complexity</dt><dd>${task.complexity_score === null ? 'not rated' : `${task.complexity_score} / 10`}</dd></div>
</dl>`;
}

/**
 * A task in a list: its company's logo (or initials) and name, what it is, which challenge it belongs to, the skills
 * it needs and its size; `actions` is what the page lets the reader do about it (apply, on "Find tasks"). The page
 * looks the companies up for all its cards at once (`companiesByChallenge`); a card without one shows none.
 */
export function taskCard(task: Task, company: ChallengeCompany | undefined, actions: Html = html``): Html {
  return html`<article class="card task" aria-labelledby="task-${task.id}-title">
  <div class="card-head">${company && companyLogo(company)}<h3 id="task-${task.id}-title">${task.title}</h3></div>
  <p class="muted small">${company && html`${company.company_name} · `}Challenge: <a href="/challenges/${task.challenge.id}">${task.challenge.title}</a>${task.workstream && html` · ${task.workstream.title}`}</p>
  ${task.description && html`<p>${excerpt(task.description)}</p>`}
  ${task.required_skills.length > 0 && skillTags(task.required_skills)}
  ${taskFacts(task)}
  ${actions}
</article>`;
}
