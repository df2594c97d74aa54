import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { VolunteerProfile } from '../../../modules/volunteers/volunteers.schemas.ts';
import { accountCard } from '../../components/account-card.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { cvCard, cvFindings } from './cv-analysis.ts';

const BIO_MAX = 2000;

/** The fields complete-profile and PUT profile share; `values` fills them when editing. */
function detailFields(values: VolunteerProfile | null): Html {
  return html`${field({
    name: 'field',
    label: 'Your field',
    required: true,
    value: values?.field,
    hint: 'What you do, for example "Software engineering", "Graphic design" or "Nursing".',
    attributes: html`maxlength="255" autocomplete="organization-title"`,
  })}
  ${field({
    name: 'availability_hours_per_week',
    label: 'Hours a week you can give',
    type: 'number',
    required: true,
    value: values?.availability_hours_per_week,
    hint: 'From 0 to 168. Tasks are offered to people with enough free hours.',
    attributes: html`min="0" max="168" step="1" inputmode="numeric"`,
  })}
  ${field({
    name: 'bio',
    label: 'About you (optional)',
    type: 'textarea',
    value: values?.bio,
    hint: `A few sentences companies will read; at most ${BIO_MAX} characters.`,
    attributes: html`data-counter data-max="${BIO_MAX}" rows="5"`,
  })}
  <p class="counter" id="field-bio-counter" aria-live="polite"></p>`;
}

function completeForm(): Html {
  return html`<p class="lead">Tell us what you do and how much time you have. Once your profile is complete you can
upload your CV: we find your skills in it and invite you to tasks that need them.</p>
<form class="card" data-api="/api/volunteers/complete-profile" data-method="POST" data-redirect="/profile" novalidate>
  <h2>Your details</h2>
  ${formErrorSummary(null)}
  ${detailFields(null)}
  <button type="submit">Complete my profile</button>
</form>`;
}

function summary(profile: VolunteerProfile): Html {
  const stats = profile.statistics;
  return html`<dl class="facts wide">
  <div><dt>Field</dt><dd>${profile.field}</dd></div>
  <div><dt>Available</dt><dd>${profile.availability_hours_per_week} hours a week</dd></div>
  <div><dt>Reputation</dt><dd>${profile.reputation_score} points</dd></div>
  <div><dt>Tasks completed</dt><dd>${stats.tasks_completed}</dd></div>
  <div><dt>Hours contributed</dt><dd>${stats.hours_contributed}</dd></div>
  <div><dt>Ideas submitted</dt><dd>${stats.ideas_submitted}</dd></div>
</dl>`;
}

function editForm(profile: VolunteerProfile, saved: boolean): Html {
  return html`<form class="card" data-api="/api/volunteers/profile" data-method="PUT" data-redirect="/profile?saved=details" novalidate>
  <h2>Your details</h2>
  ${saved && html`<p class="flash" role="status">Your details were saved.</p>`}
  ${formErrorSummary(null)}
  ${detailFields(profile)}
  <button type="submit">Save changes</button>
</form>`;
}

/** `/profile`: complete the profile when there is none; otherwise the details, the CV and what it says. */
export function profilePage(
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  profile: VolunteerProfile | null,
  linkedinConfigured: boolean,
) {
  const body = profile
    ? html`<h1>Your profile</h1>
${summary(profile)}
<div class="grid two">
  ${cvCard(profile)}
  ${editForm(profile, (request.query as { saved?: string }).saved === 'details')}
</div>
${cvFindings(profile)}
${accountCard(linkedinConfigured)}`
    : html`<h1>Complete your profile, ${user.name}</h1>
${completeForm()}
${accountCard(linkedinConfigured)}`;
  return sendPage(request, reply, {
    title: profile ? 'Your profile' : 'Complete your profile',
    width: profile ? undefined : 'narrow',
    body,
  });
}
