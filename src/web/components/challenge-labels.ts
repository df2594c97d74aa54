import type { Challenge } from '../../modules/challenges/challenges.schemas.ts';
import type { Html } from '../html.ts';
import { statusChip } from './labels.ts';

/** Words for a challenge's states, so a page never shows `in_progress`; the chip carries the text (not only colour). */
const CHALLENGE_STATUS: Record<string, string> = {
  submitted: 'Submitted',
  analyzing: 'Being analysed',
  active: 'Active',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
  archived: 'Archived',
};

const ANALYSIS_STATUS: Record<string, string> = {
  pending: 'Analysis queued',
  processing: 'Analysis running',
  completed: 'Analysis done',
  failed: 'Analysis failed',
};

const TYPE_LABELS: Record<string, string> = {
  community_discussion: 'Community discussion',
  team_execution: 'Team execution',
};

const COMPLEXITY_LABELS = ['', 'Simple', 'Moderate', 'Complex', 'Very complex'];

export const CHALLENGE_STATUS_OPTIONS = Object.entries(CHALLENGE_STATUS);
export const CHALLENGE_TYPE_OPTIONS = Object.entries(TYPE_LABELS);

export function challengeStatusChip(status: string): Html {
  return statusChip(status, CHALLENGE_STATUS[status] ?? status);
}

export function analysisChip(status: string): Html {
  return statusChip(status, ANALYSIS_STATUS[status] ?? status);
}

export function challengeTypeLabel(type: string | null): string {
  return type ? (TYPE_LABELS[type] ?? type) : 'Not decided yet';
}

export function complexityLabel(level: number | null): string {
  return level ? `${COMPLEXITY_LABELS[level] ?? ''} (level ${level} of 4)` : 'Not assessed yet';
}

/**
 * While the pipeline still works on a challenge, its page watches the status and reloads when it moves on. A failed
 * analysis leaves the challenge `submitted` until the company edits the brief: nothing is being worked on then.
 */
export function isBeingAnalysed(challenge: Pick<Challenge, 'status' | 'ai_analysis_status'>): boolean {
  if (challenge.ai_analysis_status === 'failed') return false;
  return challenge.status === 'submitted' || challenge.status === 'analyzing';
}
