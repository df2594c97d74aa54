import { contestClosedReason } from '../../../modules/challenges/challenge-contest.ts';
import type { Challenge } from '../../../modules/challenges/challenges.schemas.ts';
import type { Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { dateTime, statusChip } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';

/**
 * What a community discussion's page says about it as a contest (docs/api.md, Contests): its deadline, prize,
 * judging criteria and winners, and whether it still takes ideas. Shared by the challenge page and the public page.
 */

type ContestTerms = Pick<
  Challenge,
  'status' | 'deadline' | 'prize' | 'judging_criteria' | 'ideas_open' | 'winners_announced_at'
>;

/** Votes follow the contest, not the status: they stay open on a running challenge until its deadline or winners. */
export function votesOpen(challenge: ContestTerms, now: Date): boolean {
  return contestClosedReason(challenge, now) === null;
}

/** Why the page offers no idea or vote forms, in plain words; null while ideas are open. */
export function closedMessage(challenge: ContestTerms, now: Date): string | null {
  if (challenge.ideas_open) return null;
  if (challenge.winners_announced_at !== null) {
    return 'The winners have been announced. This challenge no longer takes ideas or votes.';
  }
  if (!votesOpen(challenge, now)) {
    return 'This challenge is closed: ideas and votes closed at its deadline. The company is choosing the winners.';
  }
  return 'This challenge no longer takes new ideas.';
}

function deadlineFact(challenge: ContestTerms, now: Date): Html {
  if (challenge.deadline === null) return html``;
  const passed = new Date(challenge.deadline).getTime() <= now.getTime();
  return html`<div><dt>Deadline</dt><dd>${dateTime(challenge.deadline)} ${passed ? statusChip('closed', 'Closed') : statusChip('active', 'Open')}</dd></div>`;
}

/** The judging criteria as the company wrote them, one per line. */
function criteriaList(criteria: string): Html {
  const lines = criteria
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return html`<ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>`;
}

/** Deadline, prize and criteria; nothing for a discussion that set none of them. */
export function contestTerms(challenge: ContestTerms, now: Date): Html {
  if (challenge.deadline === null && challenge.prize === null && challenge.judging_criteria === null) return html``;
  return html`<dl class="facts wide contest-terms">
  ${deadlineFact(challenge, now)}
  ${challenge.prize !== null && html`<div><dt>Prize</dt><dd>${challenge.prize}</dd></div>`}
</dl>
${challenge.judging_criteria !== null && html`<div class="criteria"><h3>Judging criteria</h3>${criteriaList(challenge.judging_criteria)}</div>`}`;
}

const PLACES = ['First place', 'Second place', 'Third place'];

export function placeLabel(rank: number): string {
  return PLACES[rank - 1] ?? `Place ${rank}`;
}

/** A winner's or shortlisted idea's mark on its card. */
export function ideaMarks(idea: Pick<Idea, 'winner_rank' | 'shortlisted'>): Html {
  if (idea.winner_rank !== null) return statusChip('winner', `Winner: ${placeLabel(idea.winner_rank).toLowerCase()}`);
  return idea.shortlisted ? statusChip('shortlisted', 'Shortlisted') : html``;
}

/** The announced winners, first place first, each linking to its card when the page has one. */
export function winnersList(
  challenge: Pick<Challenge, 'winners_announced_at'>,
  winners: readonly Pick<Idea, 'id' | 'title' | 'winner_rank' | 'final_score'>[],
  linkToCards: boolean,
): Html {
  if (challenge.winners_announced_at === null || winners.length === 0) return html``;
  return html`<section class="callout winners" aria-labelledby="winners-title">
  <h3 id="winners-title">Winners</h3>
  <p class="small">Announced ${dateTime(challenge.winners_announced_at)}.</p>
  <ol class="plain stack">${winners.map(
    (idea) =>
      html`<li><strong>${placeLabel(idea.winner_rank ?? 0)}:</strong> ${linkToCards ? html`<a href="#idea-${idea.id}">${idea.title}</a>` : idea.title} <span class="small muted">final score ${idea.final_score ?? '—'}</span></li>`,
  )}</ol>
</section>`;
}
