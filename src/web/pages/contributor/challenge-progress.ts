import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Challenge } from '../../../modules/challenges/challenges.schemas.ts';
import { showChallenge } from '../../../modules/challenges/challenges.service.ts';
import { listMyTasks } from '../../../modules/tasks/tasks.service.ts';
import { challengeStatusChip } from '../../components/challenge-labels.ts';
import { companyLogo } from '../../components/company-logo.ts';
import { progressBar, type TaskProgress, taskProgressOf } from '../../components/progress-bar.ts';
import { type Html, html } from '../../html.ts';

/** The contributor's work on a challenge: accepted, under way, handed in or done (not an open or declined invitation). */
const WORKING = new Set(['accepted', 'in_progress', 'submitted', 'completed']);
/** A contributor works on one task at a time: a handful of challenges covers what they have done lately. */
const SHOWN = 4;
const myTasks = { page: 1, perPage: 100, offset: 0 };

type Worked = { challenge: Challenge; progress: TaskProgress };

/**
 * The challenges the contributor has worked on, most recent first, each with how far all its tasks have come (the
 * team's progress, not only theirs). A challenge they may no longer see is left out.
 */
export async function challengesWorkedOn(db: Db, user: AuthUser): Promise<Worked[]> {
  const { data } = await listMyTasks(db, user, myTasks);
  const ids = [
    ...new Set(data.filter((task) => WORKING.has(task.my_assignment.status)).map((task) => task.challenge.id)),
  ].slice(0, SHOWN);
  const details = await Promise.all(ids.map((id) => showChallenge(db, user, id).catch(() => null)));
  return details.flatMap((detail) => (detail ? [{ challenge: detail, progress: taskProgressOf(detail.tasks) }] : []));
}

function card({ challenge, progress }: Worked): Html {
  return html`<li class="card challenge-card">
  <div class="card-head">${companyLogo(challenge.company)}<h3><a href="/challenges/${challenge.id}">${challenge.title}</a></h3>${challengeStatusChip(challenge.status)}</div>
  <p class="small muted">${challenge.company.company_name}</p>
  ${progressBar(progress, { compact: true })}
</li>`;
}

/** The contributor dashboard's "Challenges you work on": per-challenge progress bars (issue 13, item 3). */
export function challengesSection(worked: readonly Worked[]): Html {
  return html`<section aria-labelledby="worked-title">
  <h2 id="worked-title">Challenges you work on</h2>
  ${
    worked.length === 0
      ? html`<p class="muted">Once you accept a task, its challenge and how far its team has come show here.</p>`
      : html`<ul class="plain challenge-cards">${worked.map(card)}</ul>`
  }
</section>`;
}
