import type { ChallengeRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isPubliclyVisible } from './challenge-visibility.ts';

/**
 * Community challenges as contests (docs/api.md, Contests): the rules on the deadline, prize, judging criteria and
 * public page that the challenge, idea and contest services share.
 */

type ContestState = Pick<ChallengeRow, 'challenge_type' | 'status' | 'deadline' | 'winners_announced_at'>;

/** `YYYY-MM-DD` alone: the whole of that day counts, so it closes at its last second, UTC. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A date and time with its zone (`Z` or `±hh:mm`); one without a zone would mean a different moment per reader. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

const DEADLINE_FORMAT =
  'The deadline must be a date (YYYY-MM-DD) or a date and time with a time zone (2026-12-01T17:00:00Z).';

/** Whether `YYYY-MM-DD` names a day of the calendar: Date would roll 2026-02-30 over to 2 March. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A deadline as sent, in its stored form (an ISO-8601 UTC timestamp), or a 422 naming the formats. `current` is the
 * stored one: the same moment again is no change, so a form that sends its settings back is not refused for a
 * deadline now past; any other must lie in the future. Returns undefined when nothing changes.
 */
export function deadlineChange(text: string | null, current: string | null, now: Date): string | null | undefined {
  if (text === null) return current === null ? undefined : null;
  const value = text.trim();
  const iso = DATE_ONLY.test(value) ? `${value}T23:59:59.000Z` : DATE_TIME.test(value) ? value : null;
  const date = iso === null ? null : new Date(iso);
  if (date === null || Number.isNaN(date.getTime()) || !isCalendarDate(value)) {
    throw AppError.field('deadline', DEADLINE_FORMAT);
  }
  const deadline = date.toISOString();
  if (deadline === current) return undefined;
  if (date.getTime() <= now.getTime()) throw AppError.field('deadline', 'The deadline must be in the future.');
  return deadline;
}

/**
 * Why the challenge takes no more ideas or votes now, or null while it does: after its deadline, or once its
 * winners are announced. Status and type are the callers' own checks (they have their own messages).
 */
export function contestClosedReason(challenge: Pick<ContestState, 'deadline' | 'winners_announced_at'>, now: Date) {
  if (challenge.winners_announced_at !== null) {
    return 'The winners of this challenge have been announced: it no longer takes ideas or votes.';
  }
  if (challenge.deadline !== null && new Date(challenge.deadline).getTime() <= now.getTime()) {
    return `This challenge closed to ideas and votes at its deadline, ${challenge.deadline}.`;
  }
  return null;
}

/** A community discussion that takes ideas and votes at `now` (the API's `ideas_open`). */
export function ideasOpen(challenge: ContestState, now: Date): boolean {
  return (
    challenge.challenge_type === 'community_discussion' &&
    challenge.status === 'active' &&
    contestClosedReason(challenge, now) === null
  );
}

/** Statuses in which the deadline, prize and criteria may still change: before the challenge is closed. */
const CONTEST_EDITABLE_STATUSES: readonly string[] = ['submitted', 'analyzing', 'active', 'in_progress'];

/**
 * A change of the contest settings is refused on team work, and the deadline, prize and criteria are fixed once the
 * challenge is closed or its winners are announced (participants judged by them). `public` may change at any time:
 * a company shares the results of a finished contest too.
 */
export function checkContestChange(challenge: ContestState, changes: { terms: boolean; visibility: boolean }): void {
  if (!changes.terms && !changes.visibility) return;
  if (challenge.challenge_type === 'team_execution') {
    throw AppError.invalidState(
      'Deadline, prize, judging criteria and a public page are for community discussion challenges; this one is ' +
        'team work.',
    );
  }
  if (!changes.terms) return;
  const fixed = contestTermsFixedReason(challenge);
  if (fixed !== null) throw AppError.invalidState(fixed);
}

/**
 * Why the deadline, prize and judging criteria can no longer change (winners announced, challenge closed), or null
 * while they can: the API's refusal and the web form's explanation in one place.
 */
export function contestTermsFixedReason(challenge: { status: string; winners_announced_at: string | null }) {
  if (challenge.winners_announced_at !== null) {
    return 'The winners have been announced: the deadline, prize and judging criteria can no longer change.';
  }
  if (!CONTEST_EDITABLE_STATUSES.includes(challenge.status)) {
    return 'This challenge is closed: its deadline, prize and judging criteria can no longer change.';
  }
  return null;
}

/**
 * Whether signed-out visitors may read the challenge on its public page: a community discussion whose company opted
 * in (`public`) and that everyone signed in may see (active, in progress or completed). Anything else stays private.
 */
export function isPublicContest(challenge: { challenge_type: string | null; status: string; public: boolean }) {
  return challenge.challenge_type === 'community_discussion' && challenge.public && isPubliclyVisible(challenge.status);
}
