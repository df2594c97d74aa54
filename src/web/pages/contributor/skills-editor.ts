import type { VolunteerProfile } from '../../../modules/volunteers/volunteers.schemas.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/**
 * The contributor's own corrections to their skills (issue 13, item 1), on their profile: each skill with the CV's
 * words for it, its level to change and a Remove (confirmed first), and a form to add a skill the CV analysis missed.
 * Everything goes through `PATCH /api/volunteers/profile/skills` (app.js builds `{add: [{name, proficiency_level}]}`
 * and `{remove: [name]}` from the `list.index.member` field names) and reloads the page.
 *
 * Levels are the four the API and matching use (beginner to expert), numbered 1–4 for people who think in numbers.
 */
const LEVELS: ReadonlyArray<[string, string]> = [
  ['beginner', '1 · Beginner'],
  ['intermediate', '2 · Intermediate'],
  ['advanced', '3 · Advanced'],
  ['expert', '4 · Expert'],
];

const API = '/api/volunteers/profile/skills';

function levelOptions(selected: string): Html {
  return html`${LEVELS.map(
    ([value, label]) => html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`,
  )}`;
}

type Skill = VolunteerProfile['skills'][number];

function levelForm(skill: Skill, row: number): Html {
  const id = `skill-level-${row}`;
  return html`<form class="inline" data-api="${API}" data-method="PATCH">
    ${formErrorSummary(null)}
    <input type="hidden" name="add.0.name" value="${skill.name}">
    <label class="visually-hidden" for="${id}">Level of ${skill.name}</label>
    <select id="${id}" name="add.0.proficiency_level">${levelOptions(skill.proficiency_level)}</select>
    <button type="submit" class="secondary">Set level<span class="visually-hidden"> of ${skill.name}</span></button>
  </form>`;
}

function removeForm(skill: Skill): Html {
  return html`<form data-api="${API}" data-method="PATCH" data-confirm="Remove ${skill.name} from your skills? It stays off your profile when your CV is analysed again; you can add it back here.">
    ${formErrorSummary(null)}
    <input type="hidden" name="remove.0" value="${skill.name}">
    <button type="submit" class="secondary">Remove<span class="visually-hidden"> ${skill.name}</span></button>
  </form>`;
}

function sourceOf(skill: Skill): string {
  return skill.source === 'cv_analysis' ? 'from your CV' : 'yours (added or set by you)';
}

function skillsTable(profile: VolunteerProfile): Html {
  if (profile.skills.length === 0) {
    return html`<p class="muted">${profile.ai_analysis_status === 'completed' ? 'No skills were found in your CV. Add your skills below, or try a CV that lists your skills and tools.' : 'No skills yet: they appear here once your CV has been analysed, or add them below.'}</p>`;
  }
  return html`<div class="table-scroll" role="region" aria-label="Your skills" tabindex="0"><table class="responsive skills">
  <caption class="visually-hidden">Your skills, with the CV's words for each</caption>
  <thead><tr><th scope="col">Skill</th><th scope="col">Level</th><th scope="col">Kind and source</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead>
  <tbody>${profile.skills.map(
    (skill, row) =>
      html`<tr><th scope="row">${skill.name}${skill.evidence && html`<blockquote class="evidence">“${skill.evidence}”</blockquote>`}</th><td data-label="Level">${levelForm(skill, row)}${skill.years_of_experience !== null && html` <span class="muted small">(${skill.years_of_experience} yrs)</span>`}</td><td data-label="Kind and source">${skill.category ?? 'other'} · ${sourceOf(skill)}</td><td>${removeForm(skill)}</td></tr>`,
  )}</tbody>
</table></div>`;
}

function addForm(): Html {
  return html`<form class="add-skill" data-api="${API}" data-method="PATCH" novalidate>
  <h3>Add a skill</h3>
  ${formErrorSummary(null)}
  <div class="field">
    <label for="add-skill-name">Skill</label>
    <p class="hint" id="add-skill-name-hint">A skill or another name for it, such as “SQL”, “structural design” or “Figma”.</p>
    <input type="text" id="add-skill-name" name="add.0.name" maxlength="100" required aria-describedby="add-skill-name-hint add-skill-error">
    <p class="error" id="add-skill-error" data-error-for="add" role="alert"></p>
  </div>
  <div class="field">
    <label for="add-skill-level">Level</label>
    <select id="add-skill-level" name="add.0.proficiency_level">${levelOptions('intermediate')}</select>
  </div>
  <button type="submit">Add skill</button>
</form>`;
}

/** The skills part of the profile: the list to correct, what edits mean, and the add form. */
export function skillsEditor(profile: VolunteerProfile): Html {
  return html`<h3 id="skills-title">Your skills</h3>
<p>Correct what your CV analysis read: remove a skill that is wrong, change a level, or add a skill it missed.
<strong>Your edits are kept when your CV is analysed again</strong>: a skill you removed stays off, and a skill you
added or set the level of keeps your level. The words from your CV stay shown under each skill they came from.</p>
${skillsTable(profile)}
${addForm()}`;
}
