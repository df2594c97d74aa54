import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import {
  describeThreads,
  listChallengeMessages,
  threadPath,
} from '../../../modules/challenge-messages/challenge-messages.service.ts';
import { messageForm, messageList } from '../../components/message-thread.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { idParam, idQuery } from '../../components/path-id.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

const MESSAGES_PER_PAGE = 20;

type Threads = Awaited<ReturnType<typeof describeThreads>>;

/** The threads the reader may open: the whole team's, then one per task with an assignee; the open one is marked. */
function threadNav({ challenge, task, tasks }: Threads): Html {
  const item = (taskId: number | null, label: string) => {
    const current = (task?.id ?? null) === taskId;
    return html`<li><a href="${threadPath(challenge.id, taskId)}"${current ? html` aria-current="page"` : ''}>${label}</a></li>`;
  };
  return html`<nav class="section-nav" aria-label="Message threads"><ul>
  ${item(null, 'The whole team')}
  ${tasks.map((each) => item(each.id, `Task: ${each.title}`))}
</ul></nav>`;
}

/** Who reads the open thread, in a sentence from the reader's side. */
function audience({ side, task }: Threads): string {
  if (task) {
    return side === 'company'
      ? `Between you and the contributor assigned to “${task.title}”.`
      : `Between you and the company, about your task “${task.title}”.`;
  }
  return side === 'company'
    ? 'Between you and every contributor assigned on this challenge. Each of them is notified of your messages.'
    : 'Between the company and everyone assigned on this challenge. The company is notified of your messages.';
}

/**
 * `/challenges/{id}/messages` (`?task_id=` for a task's thread): the company ↔ team threads of a challenge (issue 12,
 * item 4; docs/api.md, Challenge messages), for the owning company and the contributors assigned — anyone else, and
 * a contributor asking for another task's thread, gets the 404 page, as from the API. Messages are sent through the
 * API by the page's form; an archived challenge's threads are read-only.
 */
export async function challengeThreadPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const challengeId = idParam(request, 'Challenge');
  const taskId = idQuery(request, 'task_id', 'Message thread');
  const threads = await describeThreads(deps.db, user, challengeId, taskId);
  const page = pageOf(request.query, MESSAGES_PER_PAGE);
  const messages = await listChallengeMessages(deps.db, user, challengeId, taskId, page);
  const { challenge, side, task } = threads;
  const here = threadPath(challenge.id, taskId);
  const otherSide = side === 'company' ? (task ? 'the assignee' : 'the team') : 'the company';
  const form =
    challenge.status === 'archived'
      ? html`<p class="notice">This challenge has been archived: its messages can be read, but no new ones sent.</p>`
      : messageForm({
          api: `/api/challenges/${challenge.id}/messages`,
          label: `Message to ${otherSide}`,
          button: 'Send the message',
          hidden: task ? { task_id: task.id } : {},
        });
  return sendPage(request, reply, {
    title: `Messages: ${challenge.title}`,
    body: html`<p class="breadcrumb">${
      side === 'company'
        ? html`<a href="/challenges/${challenge.id}">${challenge.title}</a>`
        : html`<a href="/assignments">My assignments</a>`
    }</p>
<h1>Messages with ${otherSide}</h1>
<p class="muted">Challenge: <a href="/challenges/${challenge.id}">${challenge.title}</a></p>
${threadNav(threads)}
<section class="card" id="messages" aria-labelledby="thread-title">
  <h2 id="thread-title">${task ? `About the task “${task.title}”` : 'The whole team'}</h2>
  <p>${audience(threads)}</p>
  ${form}
  ${messageList(messages.data, 'No messages yet.', (message) =>
    message.user.id === challenge.companyUserId ? 'Company' : null,
  )}
  ${pager(here, page.page, MESSAGES_PER_PAGE, messages.total)}
</section>`,
  });
}
