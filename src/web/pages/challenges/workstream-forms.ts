import type { Workstream } from '../../../modules/challenges/challenges.schemas.ts';
import { WORKSTREAM_DESCRIPTION_MAX, WORKSTREAM_TITLE_MAX } from '../../../modules/workstreams/workstreams.schemas.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { taskFields } from './task-fields.ts';

/** Title and description of a workstream, for adding one and for changing one (`key` keeps the ids apart). */
function workstreamFields(key: string, workstream: Workstream | null): Html {
  return html`${field({
    id: `${key}-title`,
    name: 'title',
    label: 'Title',
    required: true,
    value: workstream?.title,
    attributes: html`maxlength="${WORKSTREAM_TITLE_MAX}"`,
  })}
  ${field({
    id: `${key}-description`,
    name: 'description',
    label: 'What it covers (optional)',
    type: 'textarea',
    value: workstream?.description,
    attributes: html`maxlength="${WORKSTREAM_DESCRIPTION_MAX}" rows="3" data-blank="null"`,
  })}`;
}

/** What removing asks first: the tasks go with the workstream, and their invitees are told. */
function removeQuestion({ title, tasks }: Workstream): string {
  if (tasks.length === 0) return `Remove the workstream “${title}”?`;
  const which = tasks.length === 1 ? 'its task' : `its ${tasks.length} tasks`;
  return `Remove the workstream “${title}” and ${which}? Anyone invited to ${tasks.length === 1 ? 'it' : 'them'} is told.`;
}

/**
 * The owner's corrections of one workstream of the plan, each folded away: change its title, description or place,
 * remove it (with its tasks, all or none: the API names a task with work under way), and add a task to it.
 */
export function workstreamEditor(workstream: Workstream, place: number): Html {
  const key = `edit-workstream-${workstream.id}`;
  const count = workstream.tasks.length;
  const tasks = count === 1 ? 'its task' : `its ${count} tasks`;
  return html`<details class="workstream-edit">
    <summary>Change or remove “${workstream.title}”</summary>
    <form data-api="/api/workstreams/${workstream.id}" data-method="PATCH" novalidate>
      ${formErrorSummary(null)}
      ${workstreamFields(key, workstream)}
      ${field({
        id: `${key}-position`,
        name: 'position',
        label: 'Place in the plan (optional)',
        type: 'number',
        hint: `Now number ${place}. 1 puts it first; leave empty to keep its place.`,
        attributes: html`min="1" max="1000" step="1" data-blank="omit"`,
      })}
      <button type="submit">Save the workstream</button>
    </form>
    <form data-api="/api/workstreams/${workstream.id}" data-method="DELETE" data-confirm="${removeQuestion(workstream)}" novalidate>
      ${formErrorSummary(null)}
      <button type="submit" class="danger">Remove the workstream${count === 0 ? '' : ` and ${tasks}`}</button>
    </form>
  </details>
  <details class="task-add">
    <summary>Add a task to “${workstream.title}”</summary>
    <form data-api="/api/workstreams/${workstream.id}/tasks" data-method="POST" novalidate>
      ${formErrorSummary(null)}
      ${taskFields(`add-task-${workstream.id}`, null)}
      <p class="small">The new task is offered to contributors with one of its skills, and Guild invites the best
      fitting ones.</p>
      <button type="submit">Add the task</button>
    </form>
  </details>`;
}

/** A new workstream, last in the plan. */
export function addWorkstreamForm(challengeId: number): Html {
  return html`<details class="workstream-add">
  <summary>Add a workstream</summary>
  <form data-api="/api/challenges/${challengeId}/workstreams" data-method="POST" novalidate>
    ${formErrorSummary(null)}
    ${workstreamFields('add-workstream', null)}
    <button type="submit">Add the workstream</button>
  </form>
</details>`;
}
