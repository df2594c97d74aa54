import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import type { Workstream } from '../../../modules/challenges/challenges.schemas.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { hours, skillTags, statusChip, statusLabel } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';

/** Who is invited to or working on each task; only the owning company gets this (null for everyone else). */
export type PeopleByTask = Map<number, Assignment[]> | null;

const TASK_STATUS: Record<string, string> = {
  pending: 'Not started',
  matching: 'Looking for contributors',
  assigned: 'Assigned',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** Seen from the company's side, an invitation is someone invited (the contributor's pages call it an invitation). */
function people(assignments: readonly Assignment[]): Html {
  if (assignments.length === 0) {
    return html`<p class="small muted">Nobody has been invited yet. Guild invites only contributors who hold one of
    the task's skills at the level it asks for; until someone does, the task stays open for contributors to find.</p>`;
  }
  return html`<ul class="plain people" aria-label="Invited and assigned">${assignments.map(
    (assignment) => html`<li>${assignment.volunteer.name}
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

function taskItem(task: Task, peopleByTask: PeopleByTask): Html {
  return html`<li class="task" id="task-${task.id}">
  <div class="card-head"><h4>${task.title}</h4>${statusChip(task.status, TASK_STATUS[task.status] ?? task.status)}</div>
  ${task.description && html`<p class="small">${task.description}</p>`}
  <dl class="facts">
    <div><dt>Estimate</dt><dd>${hours(task.estimated_hours)}</dd></div>
    <div><dt>Complexity</dt><dd>${task.complexity_score === null ? 'Not assessed' : `${task.complexity_score} of 10`}</dd></div>
    ${task.required_experience_level && html`<div><dt>Experience</dt><dd>${task.required_experience_level}</dd></div>`}
  </dl>
  ${task.source && html`<blockquote class="small source">From the brief: “${task.source}”</blockquote>`}
  ${requiredSkills(task)}
  ${peopleByTask && people(peopleByTask.get(task.id) ?? [])}
</li>`;
}

/** The skills as tags, or, where the plan kept why each is needed, each skill with its one-line reason. */
function requiredSkills(task: Task): Html {
  if (task.required_skill_reasons.length === 0) {
    return task.required_skills.length > 0 ? skillTags(task.required_skills) : html``;
  }
  return html`<ul class="plain small skill-reasons" aria-label="Skills needed">${task.required_skill_reasons.map(
    (skill) => html`<li><span class="tag">${skill.name}</span> ${skill.reason}</li>`,
  )}</ul>`;
}

function workstreamCard(title: string, description: string | null, tasks: readonly Task[], peopleByTask: PeopleByTask) {
  return html`<article class="card">
  <div class="card-head"><h3>${title}</h3><span class="small muted">${tasks.length} task${tasks.length === 1 ? '' : 's'}</span></div>
  ${description && html`<p class="small muted">${description}</p>`}
  <ul class="plain stack">${tasks.map((task) => taskItem(task, peopleByTask))}</ul>
</article>`;
}

/** The work the challenge was split into: workstreams with their tasks, and tasks outside any workstream. */
export function workSection(workstreams: readonly Workstream[], tasks: readonly Task[], peopleByTask: PeopleByTask) {
  const loose = tasks.filter((task) => task.workstream_id === null);
  if (workstreams.length === 0 && loose.length === 0) return html``;
  return html`<section aria-labelledby="work-title">
  <h2 id="work-title">Workstreams and tasks</h2>
  ${workstreams.map((workstream) => workstreamCard(workstream.title, workstream.description, workstream.tasks, peopleByTask))}
  ${loose.length > 0 && workstreamCard('Other tasks', null, loose, peopleByTask)}
</section>`;
}
