import { cvAdvice } from '../../../ai/confidence.ts';
import type { VolunteerProfile } from '../../../modules/volunteers/volunteers.schemas.ts';
import { cvAnalysisSteps } from '../../components/analysis-steps.ts';
import { dateTime, statusChip } from '../../components/labels.ts';
import { skillChips } from '../../components/skill-chips.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { skillsEditor } from './skills-editor.ts';

/** The CV analysis is a job on the server; while it waits or runs, the page watches for it to end (app.js). */
const RUNNING = new Set(['pending', 'processing']);

function analysisIsRunning(profile: VolunteerProfile): boolean {
  return RUNNING.has(profile.ai_analysis_status);
}

/**
 * The CV analysis' status line, with its steps while it runs; the page reloads (app.js `data-poll`) when the status
 * or the step moves on. `className` is the wrapper's, `small` the line's size on the dashboard.
 */
export function liveCvAnalysis(profile: VolunteerProfile, { className = '', small = false } = {}): Html {
  const running = analysisIsRunning(profile);
  const watch = html` data-poll="/api/volunteers/profile" data-poll-field="ai_analysis_status,ai_analysis_step" data-poll-value="${profile.ai_analysis_status},${profile.ai_analysis_step ?? ''}"`;
  return html`<div${className && html` class="${className}"`} role="status"${running && watch}>
    <p${small && html` class="small"`}>${statusChip(profile.ai_analysis_status)} ${analysisSentence(profile)}</p>
    ${running && cvAnalysisSteps(profile.ai_analysis_step)}
  </div>`;
}

/** One sentence on where the CV analysis stands and what to do next. */
function analysisSentence(profile: VolunteerProfile): Html {
  switch (profile.ai_analysis_status) {
    case 'none':
      return html`Upload your CV and we will find your skills, experience and education in it.`;
    case 'pending':
      return html`Your CV is waiting to be analysed. This page updates by itself when it is done.`;
    case 'processing':
      return html`Your CV is being analysed now. This page updates by itself when it is done.`;
    case 'completed':
      return html`Analysed ${profile.ai_analyzed_at && dateTime(profile.ai_analyzed_at)}${profile.ai_analysis_confidence !== null && `, with ${profile.ai_analysis_confidence}% confidence`}.${checkAdvice(profile)}`;
    case 'failed':
      return html`We could not analyse your CV: ${profile.ai_analysis_error ?? 'the reason was not recorded'}. Please upload another file.`;
    default:
      return html`${profile.ai_analysis_status}`;
  }
}

/**
 * What to check when the analysis' confidence is low, from what the CV gave (the skills the analysis found that are
 * still listed, the jobs and their dates): src/ai/confidence.ts.
 */
function checkAdvice(profile: VolunteerProfile): string {
  const jobs = profile.work_experience;
  const advice = cvAdvice(profile.ai_analysis_confidence, {
    skills: profile.skills.filter((skill) => skill.source === 'cv_analysis').length,
    jobs: jobs.length,
    datedJobs: jobs.filter((job) => job.start_date).length,
  });
  if (advice) return ` ${advice}`;
  return profile.validation_status === 'needs_review'
    ? ' Some details were uncertain: please check the skills below.'
    : '';
}

/** The CV card: the current file, the analysis status (watched while it runs) and the upload form. */
export function cvCard(profile: VolunteerProfile): Html {
  return html`<section class="card" aria-labelledby="cv-title">
  <h2 id="cv-title">Your CV</h2>
  ${profile.cv ? html`<p>Current CV: <strong>${profile.cv.file_name}</strong>, uploaded ${dateTime(profile.cv.uploaded_at)}.</p>` : html`<p>You have not uploaded a CV yet.</p>`}
  ${liveCvAnalysis(profile, { className: 'analysis' })}
  <form data-api="/api/volunteers/upload-cv" data-method="POST" novalidate>
    ${formErrorSummary(null)}
    ${field({
      name: 'cv',
      label: profile.cv ? 'Replace your CV' : 'Upload your CV',
      type: 'file',
      required: true,
      hint: 'PDF, DOC or DOCX, up to 10 MB. A new CV replaces the old one and is analysed again.',
      attributes: html`accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"`,
    })}
    <button type="submit">Upload CV</button>
  </form>
</section>`;
}

function experienceFacts(profile: VolunteerProfile): Html {
  if (profile.experience_level === null && profile.professional_domains.length === 0) return html``;
  return html`<dl class="facts">
  <div><dt>Experience level</dt><dd>${profile.experience_level ?? 'not found'}</dd></div>
  <div><dt>Years of experience</dt><dd>${profile.years_of_experience ?? 'not found'}</dd></div>
  ${profile.professional_domains.length > 0 && html`<div><dt>Domains</dt><dd>${profile.professional_domains.join(', ')}</dd></div>`}
</dl>`;
}

const joined = (...parts: Array<string | number | null>) =>
  parts.filter((part) => part !== null && part !== '').join(', ');

/** "2019-03 – now", "2019-03 – 2021-06", or what is known. */
function period(start: string | null, end: string | null): string {
  if (start === null) return end ?? '';
  return `${start} – ${end ?? 'now'}`;
}

function history(profile: VolunteerProfile): Html {
  return html`<div class="grid two">
  <div>
    <h3>Work history</h3>
    ${
      profile.work_experience.length > 0
        ? html`<ul class="plain">${profile.work_experience.map(
            (job) =>
              html`<li><strong>${job.job_title ?? 'Role'}</strong>${job.company && html` at ${job.company}`}<br><span class="muted small">${period(job.start_date, job.end_date)}${job.duration_years !== null && ` · ${job.duration_years} years`}</span></li>`,
          )}</ul>`
        : html`<p class="muted">None found.</p>`
    }
  </div>
  <div>
    <h3>Education</h3>
    ${
      profile.education.length > 0
        ? html`<ul class="plain">${profile.education.map(
            (school) =>
              html`<li><strong>${joined(school.degree, school.field_of_study) || 'Studies'}</strong><br><span class="muted small">${joined(school.institution, school.graduation_year)}</span></li>`,
          )}</ul>`
        : html`<p class="muted">None found.</p>`
    }
  </div>
</div>`;
}

/**
 * What the analysis found: experience, the skills (name, level, kind, where from, the CV's words) with the
 * contributor's corrections, work history and education.
 */
export function cvFindings(profile: VolunteerProfile): Html {
  return html`<section class="card" aria-labelledby="findings-title">
  <h2 id="findings-title">Skills and experience</h2>
  ${experienceFacts(profile)}
  ${profile.skills.length > 0 && html`<div class="skills-at-a-glance">${skillChips(profile.skills)}</div>`}
  ${skillsEditor(profile)}
  ${profile.ai_analysis_status === 'completed' && history(profile)}
</section>`;
}
