import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { CompanyProfile } from '../../../modules/companies/companies.schemas.ts';
import { accountCard } from '../../components/account-card.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

const DESCRIPTION_MAX = 2000;

/** The fields complete-profile and PUT profile share; `values` fills them when editing. */
function profileFields(values: CompanyProfile | null): Html {
  return html`${field({
    name: 'company_name',
    label: 'Company name',
    required: true,
    value: values?.company_name,
    attributes: html`maxlength="255" autocomplete="organization"`,
  })}
  ${field({
    name: 'industry',
    label: 'Industry (optional)',
    value: values?.industry,
    hint: 'For example "Logistics", "Healthcare" or "Retail".',
    attributes: html`maxlength="255"`,
  })}
  ${field({
    name: 'website',
    label: 'Website (optional)',
    type: 'url',
    value: values?.website,
    hint: 'The full address, starting with https://',
    attributes: html`maxlength="2048" autocomplete="url" placeholder="https://"`,
  })}
  ${field({
    name: 'description',
    label: 'About the company (optional)',
    type: 'textarea',
    value: values?.description,
    hint: `What you do, in a few sentences contributors will read; at most ${DESCRIPTION_MAX} characters.`,
    attributes: html`data-counter data-max="${DESCRIPTION_MAX}" rows="4"`,
  })}
  <p class="counter" id="field-description-counter" aria-live="polite"></p>
  ${field({
    name: 'logo',
    label: values?.logo_url ? 'Replace the logo (optional)' : 'Logo (optional)',
    type: 'file',
    hint: 'A JPEG, PNG or GIF image of at most 2 MB.',
    attributes: html`accept="image/jpeg,image/png,image/gif"`,
  })}`;
}

function logo(profile: CompanyProfile): Html {
  return profile.logo_url
    ? html`<img class="logo" src="${profile.logo_url}" alt="${profile.company_name} logo" width="96" height="96">`
    : html`<p class="muted small">No logo yet.</p>`;
}

function summary(profile: CompanyProfile): Html {
  return html`<section class="card" aria-labelledby="summary-title">
  <div class="row">${logo(profile)}<h2 id="summary-title">${profile.company_name}</h2></div>
  <dl class="facts">
    <div><dt>Industry</dt><dd>${profile.industry ?? 'Not given'}</dd></div>
    <div><dt>Website</dt><dd>${profile.website ? html`<a href="${profile.website}" rel="noopener">${profile.website}</a>` : 'Not given'}</dd></div>
    <div><dt>Challenges</dt><dd>${profile.challenges_count}</dd></div>
  </dl>
  ${profile.description && html`<p class="prose">${profile.description}</p>`}
</section>`;
}

/** `/company/profile`: complete the profile when there is none; otherwise how it looks and a form to change it. */
export function companyProfilePage(
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  profile: CompanyProfile | null,
  linkedinConfigured: boolean,
) {
  if (!profile) {
    return sendPage(request, reply, {
      title: 'Complete your company profile',
      width: 'narrow',
      body: html`<h1>Complete your company profile, ${user.name}</h1>
<p class="lead">Contributors see these details next to your challenges. You can change them at any time.</p>
<form class="card" data-api="/api/companies/complete-profile" data-method="POST" data-redirect="/dashboard" novalidate>
  ${formErrorSummary(null)}
  ${profileFields(null)}
  <button type="submit">Complete the profile</button>
</form>
${accountCard(linkedinConfigured)}`,
    });
  }
  return sendPage(request, reply, {
    title: 'Company profile',
    body: html`<h1>Company profile</h1>
<div class="grid two">
  ${summary(profile)}
  <form class="card" data-api="/api/companies/profile" data-method="PUT" data-redirect="/company/profile" novalidate>
    <h2>Change the details</h2>
    ${formErrorSummary(null)}
    ${profileFields(profile)}
    <button type="submit">Save changes</button>
  </form>
</div>
${accountCard(linkedinConfigured)}`,
  });
}
