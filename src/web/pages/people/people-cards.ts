import type { VolunteerCard } from '../../../modules/volunteers/volunteers.schemas.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/**
 * The skills on a card: each hold with its level, the narrower skill it is held as, and the CV's words for it; a skill
 * read from a CV not yet validated says so (the person lists it; nobody has checked it).
 */
function cardSkills(card: VolunteerCard): Html {
  if (card.skills.length === 0) return html`<p class="small muted">Holds none of the skills asked for.</p>`;
  return html`<ul class="plain small evidence" aria-label="Skills of ${card.name}">${card.skills.map(
    (skill) =>
      html`<li><strong>${skill.name}</strong>${skill.via && html` (as ${skill.via})`}, ${skill.proficiency_level}${
        !skill.fits && html` <span class="muted">(below the level asked for)</span>`
      }${!skill.verified && html` <span class="muted">(listed on the CV, not yet checked)</span>`}${
        skill.evidence && html` — <q>${skill.evidence}</q>`
      }</li>`,
  )}</ul>`;
}

function completed(card: VolunteerCard): Html {
  if (card.tasks_completed === 0) return html`<p class="small muted">No tasks completed on Guild yet.</p>`;
  return html`<p class="small">Completed ${card.tasks_completed} task${card.tasks_completed === 1 ? '' : 's'} on Guild:
  ${card.completed_tasks.map((task, index) => html`${index > 0 && ', '}“${task.title}” (${task.challenge_title})`)}</p>`;
}

/**
 * A contributor as a company sees them beside a task or a search: name (linked to the profile), headline, field,
 * reputation and availability, the relevant skills with their CV evidence, and their record on Guild. `extra` is what
 * the page adds (score, status, buttons). `taskId`, when the company is finding people for a task: the profile link
 * carries it, so the profile offers Invite to that task.
 */
export function volunteerCard(card: VolunteerCard, extra: Html = html``, taskId: number | null = null): Html {
  return html`<article class="card person" aria-labelledby="person-${card.id}">
  <div class="card-head"><h3 id="person-${card.id}"><a href="${profileUrl(card.id, taskId)}">${card.name}</a></h3></div>
  <p class="small">${card.headline}</p>
  <dl class="facts">
    <div><dt>Field</dt><dd>${card.field}</dd></div>
    <div><dt>Reputation</dt><dd>${card.reputation_score} points</dd></div>
    <div><dt>Available</dt><dd>${card.availability_hours_per_week} hours a week</dd></div>
  </dl>
  ${cardSkills(card)}
  ${completed(card)}
  ${extra}
</article>`;
}

/** A contributor's profile page, reached from a task the company is finding people for (`?task=`) or not. */
function profileUrl(volunteerId: number, taskId: number | null): string {
  return `/volunteers/${volunteerId}${taskId === null ? '' : `?task=${taskId}`}`;
}

/** Invite, with an optional note, through the API; the page reloads to show them among the people on the task. */
export function inviteForm(taskId: number, card: Pick<VolunteerCard, 'id' | 'name'>): Html {
  const id = `note-${taskId}-${card.id}`;
  return html`<details class="invite">
  <summary>Invite ${card.name}…</summary>
  <form data-api="/api/tasks/${taskId}/invitations" data-method="POST">
    ${formErrorSummary(null)}
    <input type="hidden" name="volunteer_id" value="${card.id}" data-number>
    <div class="field">
      <label for="${id}">A note to ${card.name} (optional)</label>
      <textarea id="${id}" name="note" rows="3" maxlength="1000" aria-describedby="${id}-error"></textarea>
      <p class="error" id="${id}-error" data-error-for="note" role="alert"></p>
    </div>
    <button type="submit">Send the invitation</button>
  </form>
</details>`;
}

/** Withdraw an open invitation (with a confirmation); the invitee is told. */
export function withdrawForm(assignmentId: number, name: string): Html {
  return html`<form data-api="/api/assignments/${assignmentId}/withdraw" data-method="POST" data-confirm="Withdraw the invitation of ${name}? They will be told, and cannot be invited to this task again.">
    ${formErrorSummary(null)}
    <button type="submit" class="secondary">Withdraw the invitation</button>
  </form>`;
}
