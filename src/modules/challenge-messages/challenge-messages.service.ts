import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { AssignmentStatus } from '../assignments/assignments.state.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { notify } from '../notifications/notify.ts';
import { messagePreview } from '../teams/team-notifications.ts';
import { toChallengeMessage } from './challenge-messages.mapper.ts';
import {
  findAssignedContributors,
  findChallengeOwner,
  findTaskOfChallenge,
  findThreadTasks,
  insertChallengeMessage,
  listThreadMessages,
} from './challenge-messages.repository.ts';
import type { ChallengeMessage } from './challenge-messages.schemas.ts';

/**
 * The company ↔ team threads of a challenge (issue 12, item 4; docs/api.md, Challenge messages). The whole-team
 * thread (`task_id` null) is for the owning company and every contributor assigned on one of the challenge's tasks;
 * a task's thread is for the company and that task's assignees. "Assigned" is an assignment that was accepted and
 * not declined: accepted, in progress, submitted or completed (an invitee has not joined yet). Anyone else gets 404,
 * so the threads of a challenge reveal nothing to people outside it.
 */
const THREAD_STATUSES: readonly AssignmentStatus[] = ['accepted', 'in_progress', 'submitted', 'completed'];

/** Whether an assignment in this status reads its challenge's threads (the pages link to them only then). */
export function isThreadStatus(status: string): boolean {
  return (THREAD_STATUSES as readonly string[]).includes(status);
}

type ThreadSide = 'company' | 'contributor';

/** The web page of a thread (the whole-team one when `taskId` is null): what notifications and pages link to. */
export function threadPath(challengeId: number, taskId: number | null): string {
  return `/challenges/${challengeId}/messages${taskId === null ? '' : `?task_id=${taskId}`}`;
}
type ChallengeOwner = NonNullable<Awaited<ReturnType<typeof findChallengeOwner>>>;

type Thread = {
  challenge: ChallengeOwner;
  task: { id: number; title: string } | null;
  side: ThreadSide;
};

/** Which side of the challenge's threads the caller is on: the owning company, an assignee, or neither (null). */
async function sideOf(db: Db, caller: AuthUser, challenge: ChallengeOwner): Promise<ThreadSide | null> {
  if (caller.account_type === 'company') return caller.id === challenge.company_user_id ? 'company' : null;
  if (caller.account_type !== 'contributor') return null;
  const assigned = await findAssignedContributors(db, challenge.id, THREAD_STATUSES);
  return assigned.some((contributor) => contributor.userId === caller.id) ? 'contributor' : null;
}

/** Whether the caller may read the challenge's whole-team thread: the pages link to it only then. */
export async function canReadChallengeThreads(db: Db, caller: AuthUser, challengeId: number): Promise<boolean> {
  const challenge = await findChallengeOwner(db, challengeId);
  return challenge !== undefined && (await sideOf(db, caller, challenge)) !== null;
}

async function openThread(db: Db, caller: AuthUser, challengeId: number, taskId: number | null): Promise<Thread> {
  const challenge = await findChallengeOwner(db, challengeId);
  if (!challenge) throw AppError.notFound('Challenge');
  const side = await sideOf(db, caller, challenge);
  if (side === null) throw AppError.notFound('Challenge');
  const task = taskId === null ? null : await findTaskOfChallenge(db, challengeId, taskId);
  if (taskId !== null && !task) {
    throw AppError.field('task_id', 'The task_id must name a task of this challenge.');
  }
  if (task && side === 'contributor') {
    const onTask = await findAssignedContributors(db, challengeId, THREAD_STATUSES, task.id);
    if (!onTask.some((assigned) => assigned.userId === caller.id)) throw AppError.notFound('Message thread');
  }
  return { challenge, task: task ?? null, side };
}

/**
 * The threads of a challenge the caller may read, for the web app's thread page: the challenge, the caller's side,
 * the thread asked for (`taskId`, or null for the whole-team one; the same checks as reading it) and the tasks that
 * have a thread of their own (the company: every task with an assignee; a contributor: the tasks they are assigned).
 */
export async function describeThreads(db: Db, caller: AuthUser, challengeId: number, taskId: number | null) {
  const thread = await openThread(db, caller, challengeId, taskId);
  const tasks = await findThreadTasks(db, challengeId, THREAD_STATUSES, thread.side === 'company' ? null : caller.id);
  const { id, title, status, company_user_id: companyUserId } = thread.challenge;
  return { challenge: { id, title, status, companyUserId }, side: thread.side, task: thread.task, tasks };
}

export async function listChallengeMessages(
  db: Db,
  caller: AuthUser,
  challengeId: number,
  taskId: number | null,
  page: PageRequest,
): Promise<PageOf<ChallengeMessage>> {
  await openThread(db, caller, challengeId, taskId);
  const { rows, total } = await listThreadMessages(db, challengeId, taskId, page);
  return { data: rows.map(toChallengeMessage), total };
}

/**
 * Tells the other side: the company when a contributor writes; when the company writes, the contributors who may
 * read the thread. Each notification opens the thread's page (`threadPath`).
 */
async function notifyOtherSide(trx: Db, thread: Thread, caller: AuthUser, message: ChallengeMessage): Promise<void> {
  const where = thread.task ? `the task "${thread.task.title}"` : `the challenge "${thread.challenge.title}"`;
  const base = {
    type: 'challenge_message' as const,
    title: `New message about ${thread.task ? 'a task' : 'a challenge'}`,
    message: `${caller.name} wrote about ${where}: ${messagePreview(message.message)}`,
  };
  const ids = { challenge_id: thread.challenge.id, ...(thread.task ? { task_id: thread.task.id } : {}) };
  const actionUrl = threadPath(thread.challenge.id, thread.task?.id ?? null);
  if (thread.side === 'contributor') {
    await notify(trx, { ...base, userId: thread.challenge.company_user_id, actionUrl, data: ids });
    return;
  }
  const readers = await findAssignedContributors(trx, thread.challenge.id, THREAD_STATUSES, thread.task?.id ?? null);
  for (const reader of readers) {
    await notify(trx, {
      ...base,
      userId: reader.userId,
      actionUrl,
      data: { ...ids, assignment_id: reader.assignmentId },
    });
  }
}

export async function postChallengeMessage(
  db: Db,
  caller: AuthUser,
  challengeId: number,
  input: { message: string; task_id?: number | null },
): Promise<ChallengeMessage> {
  const thread = await openThread(db, caller, challengeId, input.task_id ?? null);
  if (thread.challenge.status === 'archived') {
    throw AppError.invalidState('This challenge has been archived: its messages can be read, but no new ones sent.');
  }
  return db.transaction().execute(async (trx) => {
    const row = await insertChallengeMessage(trx, {
      challengeId,
      taskId: thread.task?.id ?? null,
      userId: caller.id,
      message: input.message,
      now: new Date().toISOString(),
    });
    const posted = toChallengeMessage({ ...row, user_name: caller.name });
    await notifyOtherSide(trx, thread, caller, posted);
    return posted;
  });
}
