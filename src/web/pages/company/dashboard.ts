import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { listPendingAssignments } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Challenge } from '../../../modules/challenges/challenges.schemas.ts';
import { listOwnChallenges } from '../../../modules/challenges/challenges.service.ts';
import type { Notification } from '../../../modules/notifications/notifications.schemas.ts';
import { listMyNotifications } from '../../../modules/notifications/notifications.service.ts';
import { listTasks } from '../../../modules/tasks/tasks.service.ts';
import { analysisChip, challengeStatusChip } from '../../components/challenge-labels.ts';
import { companyLogo } from '../../components/company-logo.ts';
import { dateTime } from '../../components/labels.ts';
import { completeProfileCall } from '../../components/profile-call.ts';
import { companyProfileOrNull } from '../../components/profiles.ts';
import { progressBar, type TaskProgress, taskProgressOf } from '../../components/progress-bar.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

const CHALLENGES_SHOWN = 8;
const NOTIFICATIONS_SHOWN = 5;
const firstPage = (perPage: number) => ({ page: 1, perPage, offset: 0 });

/** Every task of each challenge, for its progress bar (more than any challenge has). */
async function progressOf(deps: AppDeps, user: AuthUser, challenges: readonly Challenge[]) {
  const all = { page: 1, perPage: 1000, offset: 0 };
  const tasks = await Promise.all(
    challenges.map((challenge) => listTasks(deps.db, user, { challenge_id: challenge.id }, all)),
  );
  return new Map(challenges.map((challenge, index) => [challenge.id, taskProgressOf(tasks[index].data)]));
}

/** One challenge as a card: logo, title, status and analysis, and how far its tasks have come. */
function challengeCard(challenge: Challenge, progress: TaskProgress | undefined): Html {
  return html`<li class="card challenge-card">
  <div class="card-head">${companyLogo(challenge.company)}<h3><a href="/challenges/${challenge.id}">${challenge.title}</a></h3>${challengeStatusChip(challenge.status)}</div>
  <p class="small muted">${analysisChip(challenge.ai_analysis_status)} Submitted ${dateTime(challenge.created_at)}</p>
  ${progress && progress.total > 0 && progressBar(progress, { compact: true })}
</li>`;
}

function challengesSection(challenges: Challenge[], total: number, progress: Map<number, TaskProgress>): Html {
  return html`<section class="card" aria-labelledby="challenges-title">
  <div class="card-head"><h2 id="challenges-title">Your challenges <span class="count">${total}</span></h2>
  <a class="button" href="/challenges/new">Submit a challenge</a></div>
  ${
    challenges.length === 0
      ? html`<p class="muted">You have not submitted a challenge yet. Describe a problem you want solved: Guild analyses
  it and splits it into tasks for contributors.</p>`
      : html`<ul class="plain challenge-cards">${challenges.map((challenge) => challengeCard(challenge, progress.get(challenge.id)))}</ul>
  ${total > challenges.length && html`<p><a href="/challenges?mine=1">All ${total} of your challenges</a></p>`}`
  }
</section>`;
}

function reviewsSection(waiting: number): Html {
  return html`<section class="card${waiting > 0 ? ' callout' : ''}" aria-labelledby="reviews-title">
  <h2 id="reviews-title">Solutions to review <span class="count">${waiting}</span></h2>
  ${
    waiting > 0
      ? html`<p>${waiting === 1 ? 'One contributor has' : `${waiting} contributors have`} handed in work on your tasks.</p>
  <p><a class="button" href="/reviews">Review ${waiting === 1 ? 'the solution' : 'the solutions'}</a></p>`
      : html`<p class="muted">Nothing is waiting for you. Submitted solutions appear here.</p>`
  }
</section>`;
}

function notificationsSection(notifications: Notification[]): Html {
  return html`<section class="card" aria-labelledby="notifications-title">
  <h2 id="notifications-title">Recent notifications</h2>
  ${
    notifications.length === 0
      ? html`<p class="muted">No notifications yet.</p>`
      : html`<ul class="plain stack">${notifications.map(
          (notification) => html`<li>
      ${notification.action_url ? html`<a href="${notification.action_url}">${notification.title}</a>` : html`<strong>${notification.title}</strong>`}
      ${notification.is_read ? '' : html`<span class="tag">New</span>`}
      <br><span class="small">${notification.message}</span> <span class="small muted">${dateTime(notification.created_at)}</span>
    </li>`,
        )}</ul>`
  }
  <p><a href="/notifications">All notifications</a></p>
</section>`;
}

/** The company's home: its challenges with their status and analysis, what waits for review, what happened lately. */
export async function companyDashboard(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const profile = await companyProfileOrNull(deps.db, user);
  if (!profile) {
    return sendPage(request, reply, {
      title: 'Dashboard',
      body: html`<h1>Welcome, ${user.name}</h1>
${completeProfileCall('Before you submit challenges, tell contributors who you are.')}`,
    });
  }
  const [challenges, waiting, notifications] = await Promise.all([
    listOwnChallenges(deps.db, user, {}, firstPage(CHALLENGES_SHOWN)),
    listPendingAssignments(deps.db, user, firstPage(1)),
    listMyNotifications(
      deps.db,
      user,
      { unreadOnly: false, type: null, challenge: null },
      firstPage(NOTIFICATIONS_SHOWN),
    ),
  ]);
  const progress = await progressOf(deps, user, challenges.data);
  return sendPage(request, reply, {
    title: 'Dashboard',
    body: html`<div class="page-head"><h1>${profile.company_name}</h1></div>
${challengesSection(challenges.data, challenges.total, progress)}
<div class="grid two">
  ${reviewsSection(waiting.total)}
  ${notificationsSection(notifications.data)}
</div>`,
  });
}
