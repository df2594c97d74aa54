import {
  SKILL_LEVELS,
  TASK_DESCRIPTION_MAX,
  TASK_EXPERIENCE_LEVELS,
  TASK_HOURS_MAX,
  TASK_SKILLS_MAX,
  TASK_TITLE_MAX,
} from '../../../modules/tasks/task-editing.schemas.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { checkboxField, field } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/** Blank skill rows offered below the task's own, to add skills without a script. */
const BLANK_SKILL_ROWS = 2;

const EXPERIENCE_LABELS: Record<(typeof TASK_EXPERIENCE_LEVELS)[number], string> = {
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  expert: 'Expert',
};

const LEVEL_OPTIONS: Array<[string, string]> = [
  ['', 'By the experience level'],
  ...SKILL_LEVELS.map((level): [string, string] => [level, `At least ${level}`]),
];

/**
 * The task's skills, one row each (name, least level, and whether it is only supporting), then blank rows to add more.
 * app.js sends the rows as `required_skills: [{name, level, core}]` (the "Supporting" box ticked sends `core: false`)
 * and leaves out a row left blank, so clearing a name removes that skill.
 */
function skillRows(key: string, task: Task | null): Html {
  const current = (task?.required_skill_levels ?? []).map((skill) => ({
    ...skill,
    core: task?.required_skill_reasons.find((note) => note.name === skill.name)?.core ?? true,
  }));
  const rows = Math.min(TASK_SKILLS_MAX, current.length + BLANK_SKILL_ROWS);
  return html`<fieldset class="skill-rows" aria-describedby="${key}-skills-hint">
  <legend>Skills it needs</legend>
  <p class="hint" id="${key}-skills-hint">Skills of Guild's list by name, e.g. Python, Structural Design or
  Copywriting; contributors are invited for them at the level you ask. Tick Supporting for a skill that helps but
  makes nobody fit on its own (the final report of an audit, say). Clear a name to drop that skill.</p>
  ${Array.from({ length: rows }, (_, index) => {
    const skill = current[index];
    return html`<div class="skill-row">
    ${field({
      id: `${key}-skill-${index}`,
      name: `required_skills.${index}.name`,
      label: `Skill ${index + 1}`,
      value: skill?.name,
      attributes: html`maxlength="100"`,
    })}
    ${field({
      id: `${key}-skill-${index}-level`,
      name: `required_skills.${index}.level`,
      label: `Level of skill ${index + 1}`,
      type: 'select',
      value: skill?.level ?? '',
      options: LEVEL_OPTIONS,
      attributes: html`data-blank="null"`,
    })}
    ${checkboxField({
      id: `${key}-skill-${index}-supporting`,
      name: `required_skills.${index}.core`,
      label: html`Supporting<span class="visually-hidden"> (skill ${index + 1})</span>`,
      checked: skill?.core === false,
      negate: true,
    })}
  </div>`;
  })}
  ${['required_skills', 'required_skills.name', 'required_skills.level', 'required_skills.core'].map(
    (name) => html`<p class="error" data-error-for="${name}" role="alert"></p>`,
  )}
</fieldset>`;
}

/**
 * The fields of a task the company sets, for adding a task to a workstream and for changing one: title, what it is,
 * the skills with their levels, the experience asked and the estimate. `key` keeps the ids of each form apart (the
 * page holds one form per task). Left empty, the description and the estimate are cleared.
 */
export function taskFields(key: string, task: Task | null): Html {
  return html`${field({
    id: `${key}-title`,
    name: 'title',
    label: 'Title',
    required: true,
    value: task?.title,
    attributes: html`maxlength="${TASK_TITLE_MAX}"`,
  })}
  ${field({
    id: `${key}-description`,
    name: 'description',
    label: 'What the work is (optional)',
    type: 'textarea',
    value: task?.description,
    attributes: html`maxlength="${TASK_DESCRIPTION_MAX}" rows="4" data-blank="null"`,
  })}
  ${skillRows(key, task)}
  ${field({
    id: `${key}-experience`,
    name: 'required_experience_level',
    label: 'Experience it asks for',
    type: 'select',
    value: task ? (task.required_experience_level ?? '') : 'mid',
    // A planned task without one keeps none unless a level is chosen.
    options: [
      ...(task && task.required_experience_level === null ? [['', 'Not set'] as [string, string]] : []),
      ...TASK_EXPERIENCE_LEVELS.map((level): [string, string] => [level, EXPERIENCE_LABELS[level]]),
    ],
    attributes: html`data-blank="omit"`,
  })}
  ${field({
    id: `${key}-hours`,
    name: 'estimated_hours',
    label: 'Estimate in hours (optional)',
    type: 'number',
    value: task?.estimated_hours,
    attributes: html`min="1" max="${TASK_HOURS_MAX}" step="0.5" inputmode="decimal" data-blank="null"`,
  })}`;
}
