import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { listPendingAssignments } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Challenge } from '../../../modules/challenges/challenges.schemas.ts';
import { listOwnChallenges } from '../../../modules/challenges/challenges.service.ts';
import type { Notification } from '../../../modules/notifications/notifications.schemas.ts';
import { listMyNotifications } from '../../../modules/notifications/notifications.service.ts';
import { analysisChip, challengeStatusChip } from '../../components/challenge-labels.ts';
import { dateTime } from '../../components/labels.ts';
import { completeProfileCall } from '../../components/profile-call.ts';
import { companyProfileOrNull } from '../../components/profiles.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

const CHALLENGES_SHOWN = 8;
const NOTIFICATIONS_SHOWN = 5;
const firstPage = (perPage: number) => ({ page: 1, perPage, offset: 0 });

function challengesSection(challenges: Challenge[], total: number): Html {
  const rows = challenges.map(
    (challenge) => html`<tr>
    <td><a href="/challenges/${challenge.id}">${challenge.title}</a></td>
    <td>${challengeStatusChip(challenge.status)}</td>
    <td>${analysisChip(challenge.ai_analysis_status)}</td>
    <td>${dateTime(challenge.created_at)}</td>
  </tr>`,
  );
  return html`<section class="card" aria-labelledby="challenges-title">
  <div class="card-head"><h2 id="challenges-title">Your challenges <span class="count">${total}</span></h2>
  <a class="button" href="/challenges/new">Submit a challenge</a></div>
  ${
    challenges.length === 0
      ? html`<p class="muted">You have not submitted a challenge yet. Describe a problem you want solved: Guild analyses
  it and splits it into tasks for contributors.</p>`
      : html`<div class="table-scroll"><table>
    <thead><tr><th scope="col">Challenge</th><th scope="col">Status</th><th scope="col">Analysis</th><th scope="col">Submitted</th></tr></thead>
    <tbody>${rows}</tbody>
  </table></div>
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
    listMyNotifications(deps.db, user, { unreadOnly: false, type: null }, firstPage(NOTIFICATIONS_SHOWN)),
  ]);
  return sendPage(request, reply, {
    title: 'Dashboard',
    body: html`<div class="page-head"><h1>${profile.company_name}</h1></div>
${challengesSection(challenges.data, challenges.total)}
<div class="grid two">
  ${reviewsSection(waiting.total)}
  ${notificationsSection(notifications.data)}
</div>`,
  });
}
