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

type Thread = {
  challenge: NonNullable<Awaited<ReturnType<typeof findChallengeOwner>>>;
  task: { id: number; title: string } | null;
  side: 'company' | 'contributor';
};

async function openThread(db: Db, caller: AuthUser, challengeId: number, taskId: number | null): Promise<Thread> {
  const challenge = await findChallengeOwner(db, challengeId);
  if (!challenge) throw AppError.notFound('Challenge');
  const isOwner = caller.account_type === 'company' && caller.id === challenge.company_user_id;
  const mine = isOwner ? [] : await findAssignedContributors(db, challengeId, THREAD_STATUSES);
  const assignments = mine.filter((assigned) => assigned.userId === caller.id);
  if (!isOwner && (caller.account_type !== 'contributor' || assignments.length === 0)) {
    throw AppError.notFound('Challenge');
  }
  const task = taskId === null ? null : await findTaskOfChallenge(db, challengeId, taskId);
  if (taskId !== null && !task) {
    throw AppError.field('task_id', 'The task_id must name a task of this challenge.');
  }
  if (task && !isOwner) {
    const onTask = await findAssignedContributors(db, challengeId, THREAD_STATUSES, task.id);
    if (!onTask.some((assigned) => assigned.userId === caller.id)) throw AppError.notFound('Message thread');
  }
  return { challenge, task: task ?? null, side: isOwner ? 'company' : 'contributor' };
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
 * read the thread. Each notification opens the thread on the recipient's own page.
 */
async function notifyOtherSide(trx: Db, thread: Thread, caller: AuthUser, message: ChallengeMessage): Promise<void> {
  const where = thread.task ? `the task "${thread.task.title}"` : `the challenge "${thread.challenge.title}"`;
  const base = {
    type: 'challenge_message' as const,
    title: `New message about ${thread.task ? 'a task' : 'a challenge'}`,
    message: `${caller.name} wrote about ${where}: ${messagePreview(message.message)}`,
  };
  const ids = { challenge_id: thread.challenge.id, ...(thread.task ? { task_id: thread.task.id } : {}) };
  if (thread.side === 'contributor') {
    const query = thread.task ? `?thread=${thread.task.id}` : '';
    await notify(trx, {
      ...base,
      userId: thread.challenge.company_user_id,
      actionUrl: `/challenges/${thread.challenge.id}${query}#messages`,
      data: ids,
    });
    return;
  }
  const readers = await findAssignedContributors(trx, thread.challenge.id, THREAD_STATUSES, thread.task?.id ?? null);
  for (const reader of readers) {
    await notify(trx, {
      ...base,
      userId: reader.userId,
      actionUrl: `/assignments/${reader.assignmentId}#${thread.task ? 'task-messages' : 'team-messages'}`,
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
