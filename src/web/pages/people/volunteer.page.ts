import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { sendStoredFile } from '../../../modules/files/send-stored-file.ts';
import { whyNotInvitable } from '../../../modules/matching/invitations.service.ts';
import { cvOfVolunteerForCompany, getPublicProfile } from '../../../modules/volunteers/people.service.ts';
import type { PublicVolunteerProfile } from '../../../modules/volunteers/volunteers.schemas.ts';
import { dateTime } from '../../components/labels.ts';
import { idParam } from '../../components/path-id.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { inviteTarget, taskOfQuery } from './invite-target.ts';
import { inviteForm } from './people-cards.ts';

function skillsSection(profile: PublicVolunteerProfile): Html {
  if (profile.skills.length === 0) return html`<p class="muted">No skills on record yet.</p>`;
  return html`<ul class="plain evidence">${profile.skills.map(
    (skill) =>
      html`<li><strong>${skill.name}</strong>, ${skill.proficiency_level}${
        !skill.verified && html` <span class="small muted">(listed on the CV, not yet checked)</span>`
      }${skill.evidence ? html` — <q>${skill.evidence}</q>` : html` <span class="small muted">(added by hand)</span>`}</li>`,
  )}</ul>`;
}

function workSection(profile: PublicVolunteerProfile): Html {
  const jobs = profile.work_experience.filter((job) => job.job_title || job.company);
  const schools = profile.education.filter((school) => school.degree || school.institution);
  if (jobs.length === 0 && schools.length === 0) return html``;
  return html`<section class="card" aria-labelledby="background-title">
  <h2 id="background-title">Background</h2>
  ${
    jobs.length > 0 &&
    html`<h3>Work</h3><ul class="plain">${jobs.map(
      (job) =>
        html`<li>${job.job_title ?? 'Role not named'}${job.company && html` at ${job.company}`}${
          (job.start_date || job.end_date) &&
          html` <span class="small muted">${job.start_date ?? '?'} – ${job.end_date ?? 'now'}</span>`
        }</li>`,
    )}</ul>`
  }
  ${
    schools.length > 0 &&
    html`<h3>Education</h3><ul class="plain">${schools.map(
      (school) =>
        html`<li>${[school.degree, school.field_of_study].filter(Boolean).join(', ')}${school.institution && html` — ${school.institution}`}${
          school.graduation_year !== null && html` (${school.graduation_year})`
        }</li>`,
    )}</ul>`
  }
</section>`;
}

function recordSection(profile: PublicVolunteerProfile): Html {
  return html`<section class="card" aria-labelledby="record-title">
  <h2 id="record-title">On Guild</h2>
  <dl class="facts">
    <div><dt>Reputation</dt><dd>${profile.reputation_score} points</dd></div>
    <div><dt>Tasks completed</dt><dd>${profile.statistics.tasks_completed}</dd></div>
    <div><dt>Hours contributed</dt><dd>${profile.statistics.hours_contributed}</dd></div>
    <div><dt>Ideas</dt><dd>${profile.statistics.ideas_submitted}</dd></div>
  </dl>
  ${
    profile.completed_tasks.length > 0 &&
    html`<h3>Completed tasks</h3><ul class="plain">${profile.completed_tasks.map(
      (task) =>
        html`<li><a href="/challenges/${task.challenge_id}#task-${task.task_id}">${task.title}</a> <span class="small muted">${task.challenge_title}${
          task.completed_at && html` · ${dateTime(task.completed_at)}`
        }</span></li>`,
    )}</ul>`
  }
</section>`;
}

/** Contact details and the CV, when the reader may have them (docs/api.md, People); else what would disclose them. */
function contactSection(profile: PublicVolunteerProfile, user: AuthUser): Html {
  if (!profile.contact) {
    return user.account_type === 'company'
      ? html`<p class="small muted">Contact details and the CV are shown while ${profile.name} is invited to or works on one of your tasks.</p>`
      : html``;
  }
  return html`<section class="card" aria-labelledby="contact-title">
  <h2 id="contact-title">Contact</h2>
  <p><a href="mailto:${profile.contact.email}">${profile.contact.email}</a></p>
  ${profile.cv && user.account_type === 'company' && html`<p><a href="/volunteers/${profile.id}/cv" download>Download the CV (${profile.cv.file_name})</a></p>`}
</section>`;
}

/**
 * Invite to the task the company came from (`?task=`, from a task's people page or a search for it): the same form as
 * on the cards, or why this contributor cannot be invited to it (already invited, working, declined, withdrawn).
 */
async function inviteSection(deps: AppDeps, user: AuthUser, taskId: number | null, profile: PublicVolunteerProfile) {
  const task = await inviteTarget(deps, user, taskId);
  if (!task) return html``;
  const refused = await whyNotInvitable(deps.db, task.id, profile.id, profile.name);
  return html`<section class="card" aria-labelledby="invite-title">
  <h2 id="invite-title">Invite to “${task.title}”</h2>
  ${refused ? html`<p>${refused}</p>` : inviteForm(task.id, profile)}
  <p class="small"><a href="/tasks/${task.id}/people">Back to the people of “${task.title}”</a></p>
</section>`;
}

/** `/volunteers/{id}`: a contributor's profile as other signed-in users read it (`GET /api/volunteers/{id}`). */
export async function volunteerPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const profile = await getPublicProfile(deps.db, user, idParam(request, 'Contributor'));
  const invite = await inviteSection(deps, user, taskOfQuery(request.query), profile);
  return sendPage(request, reply, {
    title: profile.name,
    body: html`<div class="page-head"><h1>${profile.name}</h1></div>
<p class="lead">${profile.headline}</p>
<dl class="facts wide">
  <div><dt>Field</dt><dd>${profile.field}</dd></div>
  <div><dt>Experience</dt><dd>${profile.experience_level ?? 'Not stated'}${profile.years_of_experience !== null && html`, ${profile.years_of_experience} years`}</dd></div>
  <div><dt>Available</dt><dd>${profile.availability_hours_per_week} hours a week</dd></div>
  ${profile.professional_domains.length > 0 && html`<div><dt>Domains</dt><dd>${profile.professional_domains.join(', ')}</dd></div>`}
</dl>
${profile.bio && html`<p class="prose">${profile.bio}</p>`}
${invite}
${contactSection(profile, user)}
<section class="card" aria-labelledby="skills-title">
  <h2 id="skills-title">Skills</h2>
  ${skillsSection(profile)}
</section>
${workSection(profile)}
${recordSection(profile)}`,
  });
}

/** `/volunteers/{id}/cv`: the company's download of the CV, under the API's rule, with the browser session. */
export async function volunteerCvDownload(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const cv = await cvOfVolunteerForCompany(deps.db, user, idParam(request, 'Contributor'));
  return sendStoredFile(request, reply, deps.storage, { ...cv, cacheControl: 'private, no-store', resource: 'CV' });
}
