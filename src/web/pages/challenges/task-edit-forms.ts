import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { ACTIVE_STATUSES } from '../../../modules/assignments/assignments.state.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { OPEN_TASK_STATUSES, TASK_TRANSITIONS } from '../../../modules/tasks/tasks.state.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import type { ChallengeView } from './challenge-view.ts';
import { taskFields } from './task-fields.ts';

const COMPLETED = TASK_TRANSITIONS.complete.to;

/** The task's place in its workstream as the page lists it (1 is first), for the hint of the order field. */
function placeOf(task: Task, { challenge }: ChallengeView): number | null {
  const workstream = challenge.workstreams.find((candidate) => candidate.id === task.workstream_id);
  const index = workstream?.tasks.findIndex((candidate) => candidate.id === task.id) ?? -1;
  return index === -1 ? null : index + 1;
}

/** Change the task's fields, its order in its workstream, or move it to another workstream. */
function editForm(task: Task, view: ChallengeView): Html {
  const key = `edit-task-${task.id}`;
  const place = placeOf(task, view);
  const workstreams = view.challenge.workstreams;
  return html`<form data-api="/api/tasks/${task.id}" data-method="PATCH" novalidate>
    ${formErrorSummary(null)}
    ${taskFields(key, task)}
    ${
      workstreams.length > 1 &&
      field({
        id: `${key}-workstream`,
        name: 'workstream_id',
        label: 'Workstream',
        type: 'select',
        value: task.workstream_id ?? '',
        // A task outside every workstream stays so unless one is chosen (a select would otherwise send the first).
        options: [
          ...(task.workstream_id === null ? [['', 'None'] as [string, string]] : []),
          ...workstreams.map((workstream): [string, string] => [String(workstream.id), workstream.title]),
        ],
        hint: 'Moved to another workstream, the task goes last there unless you give its place.',
        attributes: html`data-number data-blank="omit"`,
      })
    }
    ${field({
      id: `${key}-position`,
      name: 'position',
      label: 'Place in its workstream (optional)',
      type: 'number',
      hint: `${place === null ? '' : `Now number ${place}. `}1 puts it first; leave empty to keep its place.`,
      attributes: html`min="1" max="1000" step="1" data-blank="omit"`,
    })}
    <button type="submit">Save the task</button>
  </form>`;
}

/** Fold the task into another open task of the challenge (the API says which it may not be). */
function mergeForm(task: Task, { challenge }: ChallengeView): Html {
  const targets = challenge.tasks.filter((other) => other.id !== task.id && other.status !== COMPLETED);
  if (targets.length === 0) return html``;
  return html`<details class="merge">
    <summary>Merge into another task</summary>
    <form data-api="/api/tasks/${task.id}/merge" data-method="POST" data-confirm="Merge “${task.title}” into the task you chose? Its description, skills, hours and criteria go to that task, and “${task.title}” is removed; anyone invited to it is told." novalidate>
      ${formErrorSummary(null)}
      <p class="small">The other task keeps its title and takes in this one's description, skills, hours and
      acceptance criteria; this task is then removed.</p>
      ${field({
        id: `merge-task-${task.id}`,
        name: 'into_task_id',
        label: 'Merge into',
        type: 'select',
        options: targets.map((target) => [String(target.id), target.title]),
        attributes: html`data-number`,
      })}
      <button type="submit" class="secondary">Merge the tasks</button>
    </form>
  </details>`;
}

/** Work under way on the task: the API refuses to remove or merge it, and the page says so before anyone tries. */
function workUnderWay(assignments: readonly Assignment[]): boolean {
  return assignments.some((assignment) => (ACTIVE_STATUSES as readonly string[]).includes(assignment.status));
}

/**
 * The owner's corrections of one task, folded under "Change this task": its fields, matching asked for again (while
 * it looks for contributors), merge into another task, and remove. A completed task is the record and offers none.
 * Every action goes to the API from the page (app.js `data-api`); a refusal shows the API's message in the form.
 */
export function taskEditor(task: Task, view: ChallengeView): Html {
  if (task.status === COMPLETED) return html``;
  const busy = workUnderWay(view.people?.get(task.id) ?? []);
  const open = (OPEN_TASK_STATUSES as readonly string[]).includes(task.status);
  return html`<details class="task-edit">
  <summary>Change this task<span class="visually-hidden">: ${task.title}</span></summary>
  ${editForm(task, view)}
  ${
    busy &&
    html`<p class="small muted">Work on this task is under way (accepted, in progress or handed in): it can be
    changed, but it cannot be removed or merged while that work lasts.</p>`
  }
  <div class="actions">
    ${
      open &&
      html`<form data-api="/api/tasks/${task.id}/rematch" data-method="POST">
      ${formErrorSummary(null)}
      <button type="submit" class="secondary">Look for contributors again</button>
    </form>`
    }
    ${mergeForm(task, view)}
    <form data-api="/api/tasks/${task.id}" data-method="DELETE" data-confirm="Remove the task “${task.title}”? Anyone invited to it is told, and it leaves the plan." novalidate>
      ${formErrorSummary(null)}
      <button type="submit" class="danger">Remove the task</button>
    </form>
  </div>
</details>`;
}
