import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { isThreadStatus, threadPath } from '../../../modules/challenge-messages/challenge-messages.service.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { hours, skillTags, statusChip, statusLabel, taskStatusChip } from '../../components/labels.ts';
import { progressBar, taskProgressOf } from '../../components/progress-bar.ts';
import { type Html, html } from '../../html.ts';
import { type ChallengeView, canEditPlan } from './challenge-view.ts';
import { changedMark } from './changed-mark.ts';
import { taskEditor } from './task-edit-forms.ts';

/** The groups, in the order work moves through them, and the task statuses each holds. */
const GROUPS: ReadonlyArray<{ key: string; title: string; statuses: readonly string[] }> = [
  { key: 'open', title: 'To staff', statuses: ['pending', 'matching'] },
  { key: 'staffed', title: 'Staffed', statuses: ['assigned'] },
  { key: 'doing', title: 'In progress', statuses: ['in_progress'] },
  { key: 'done', title: 'Done', statuses: ['completed'] },
];

/** Seen from the company's side, an invitation is someone invited (the contributor's pages call it an invitation). */
function people(assignments: readonly Assignment[]): Html {
  if (assignments.length === 0) {
    return html`<p class="small muted">Nobody has been invited yet. Guild invites only contributors who hold one of
    the task's skills at the level it asks for; until someone does, the task stays open for contributors to find.</p>`;
  }
  return html`<ul class="plain people" aria-label="Invited and assigned">${assignments.map(
    (assignment) => html`<li><a href="/volunteers/${assignment.volunteer_id}">${assignment.volunteer.name}</a>
    ${assignment.match_score !== null && html`<span class="small muted">${assignment.match_score}% match</span>`}
    ${statusChip(assignment.status, assignment.status === 'invited' ? 'Invited' : statusLabel(assignment.status))}
    ${assignment.status === 'submitted' && html`<a href="/reviews">Review the solution</a>`}
    ${whyInvited(assignment)}</li>`,
  )}</ul>`;
}

/** The skills that earned the invitation, each with the CV excerpt that shows it. */
function whyInvited(assignment: Assignment): Html {
  const matched = assignment.match_reasoning?.matched_skills ?? [];
  if (matched.length === 0) return html``;
  return html`<ul class="plain small evidence" aria-label="Why ${assignment.volunteer.name} was invited">${matched.map(
    (skill) =>
      html`<li><strong>${skill.name}</strong>${skill.via && html` (as ${skill.via})`}, ${skill.proficiency}${
        skill.evidence && html` — <q>${skill.evidence}</q>`
      }</li>`,
  )}</ul>`;
}

/** Why the plan asks for each skill, where it kept the reason. */
function skillReasons(task: Task): Html {
  if (task.required_skill_reasons.length === 0) return html``;
  return html`<ul class="plain skill-reasons" aria-label="Why these skills">${task.required_skill_reasons.map(
    (skill) => html`<li><strong>${skill.name}</strong>${skill.core ? '' : ' (supporting)'}: ${skill.reason}</li>`,
  )}</ul>`;
}

/** Why each skill is needed and the excerpt of the brief the task came from: folded away, one tap to open. */
function background(task: Task): Html {
  if (task.required_skill_reasons.length === 0 && !task.source) return html``;
  return html`<details class="small"><summary>Why these skills, and where in the brief</summary>
  ${skillReasons(task)}
  ${task.source && html`<blockquote class="source">From the brief: “${task.source}”</blockquote>`}
</details>`;
}

/** Estimate, complexity and experience on one line. */
function taskFacts(task: Task): Html {
  return html`<dl class="facts inline small">
    <div><dt>Estimate</dt><dd>${hours(task.estimated_hours)}</dd></div>
    <div><dt>Complexity</dt><dd>${task.complexity_score === null ? 'Not assessed' : `${task.complexity_score} of 10`}</dd></div>
    ${task.required_experience_level && html`<div><dt>Experience</dt><dd>${task.required_experience_level}</dd></div>`}
  </dl>`;
}

/** The skills, each with the least level the task asks for it at where one is set ("PostgreSQL, advanced"). */
function requiredSkills(task: Task): Html {
  if (task.required_skills.length === 0) return html``;
  return skillTags(task.required_skill_levels.map(({ name, level }) => (level ? `${name}, ${level}` : name)));
}

/** The owner's link to the task's own thread, once someone is assigned to it (invitees have not joined yet). */
function taskThreadLink(task: Task, assignments: readonly Assignment[]): Html {
  if (!assignments.some((assignment) => isThreadStatus(assignment.status))) return html``;
  return html`<p class="small"><a href="${threadPath(task.challenge_id, task.id)}">Messages with the assignee</a></p>`;
}

/**
 * One task on the board: title and status (and "Changed by you" for the owner, once it changed it), its workstream,
 * the facts, the skills, and (for the owner) who is invited or working on it, and the task's corrections while the
 * plan may change. Where in the brief it came from is folded away.
 */
function taskCard(task: Task, workstreamTitle: string | null, view: ChallengeView): Html {
  const { people: peopleByTask } = view;
  return html`<li class="task card" id="task-${task.id}">
  <div class="card-head"><h4>${task.title}</h4>${changedMark(task, view.isOwner)}${taskStatusChip(task.status)}</div>
  ${workstreamTitle && html`<p class="small muted workstream">${workstreamTitle}</p>`}
  ${task.description && html`<p class="small">${task.description}</p>`}
  ${taskFacts(task)}
  ${requiredSkills(task)}
  ${background(task)}
  ${peopleByTask && people(peopleByTask.get(task.id) ?? [])}
  ${peopleByTask && html`<p class="small"><a href="/tasks/${task.id}/people">Candidates, invitations and profiles</a></p>`}
  ${peopleByTask && taskThreadLink(task, peopleByTask.get(task.id) ?? [])}
  ${canEditPlan(view) && taskEditor(task, view)}
</li>`;
}

/**
 * Tasks: a progress bar over all of them, then the tasks grouped by where they are (to staff, staffed, in progress,
 * done), each group a grid of cards that names the task's workstream; a group without tasks is left out (the bar's
 * caption counts it). Nothing for a challenge without tasks (a community discussion, or one not analysed yet).
 */
export function tasksSection(view: ChallengeView): Html {
  const { challenge } = view;
  if (challenge.tasks.length === 0) return html``;
  const workstreamOf = new Map(challenge.workstreams.map((workstream) => [workstream.id, workstream.title]));
  const card = (task: Task) =>
    taskCard(task, task.workstream_id === null ? null : (workstreamOf.get(task.workstream_id) ?? null), view);
  return html`<section id="tasks" class="card" aria-labelledby="tasks-title">
  <div class="card-head"><h2 id="tasks-title">Tasks</h2> <span class="count">${challenge.tasks.length} ${challenge.tasks.length === 1 ? 'task' : 'tasks'}</span></div>
  ${progressBar(taskProgressOf(challenge.tasks))}
  ${GROUPS.map((group) => {
    const tasks = challenge.tasks.filter((task) => group.statuses.includes(task.status));
    if (tasks.length === 0) return html``;
    return html`<section class="task-group ${group.key}" aria-labelledby="tasks-${group.key}">
    <h3 id="tasks-${group.key}">${group.title} <span class="count">${tasks.length}</span></h3>
    <ul class="plain task-cards">${tasks.map(card)}</ul>
  </section>`;
  })}
</section>`;
}
