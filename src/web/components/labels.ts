import { type Html, html } from '../html.ts';

/**
 * Words for the states the API returns, so a page never shows `in_progress` to a person. The status chip carries
 * the text itself (colour only repeats it).
 */
const STATUS_LABELS: Record<string, string> = {
  invited: 'Invitation',
  accepted: 'Accepted',
  declined: 'Declined',
  in_progress: 'In progress',
  submitted: 'Submitted',
  completed: 'Completed',
  approved: 'Approved',
  revision_requested: 'Changes requested',
  none: 'No CV yet',
  pending: 'Waiting to be analysed',
  processing: 'Being analysed',
  failed: 'Analysis failed',
  matching: 'Open',
  assigned: 'Assigned',
  active: 'Active',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, ' ');
}

export function statusChip(status: string, label = statusLabel(status)): Html {
  return html`<span class="status ${status}">${label}</span>`;
}

/** A task's states say where its staffing stands (`pending` is a task nobody was invited to yet, not an analysis). */
const TASK_STATUS: Record<string, string> = {
  pending: 'Not started',
  matching: 'Looking for contributors',
  assigned: 'Assigned',
  in_progress: 'In progress',
  completed: 'Completed',
};

export function taskStatusChip(status: string): Html {
  return statusChip(status, TASK_STATUS[status] ?? statusLabel(status));
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A timestamp as a person reads it; the machine-readable value stays in `datetime`. */
export function dateTime(iso: string): Html {
  return html`<time datetime="${iso}">${DATE_TIME.format(new Date(iso))} UTC</time>`;
}

export function hours(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'not estimated';
  return `${Math.round(value * 10) / 10} hour${value === 1 ? '' : 's'}`;
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / 104_857.6) / 10} MB`;
}

export function skillTags(skills: readonly string[]): Html {
  return html`<ul class="tags" aria-label="Skills">${skills.map((skill) => html`<li class="tag">${skill}</li>`)}</ul>`;
}
