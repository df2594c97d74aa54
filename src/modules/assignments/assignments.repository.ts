import { compiledOnce, compiledOnceForList, compiledOncePerShape, type Value } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { AssignmentRow, AssignmentUpdate, InvitedBy } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';
import { removeFromFeed } from '../tasks/task-fit.repository.ts';
import type { AssignmentWithRelations } from './assignments.mapper.ts';
import {
  ACTIVE_STATUSES,
  ASSIGNMENT_TRANSITIONS,
  type AssignmentStatus,
  OPEN_INVITATION_STATUSES,
} from './assignments.state.ts';

// ---- Reads for responses (used by the loader) ----

/**
 * Assignments with what their response embeds: task, volunteer and the latest submission (`latest_*`, all null when
 * none), in one statement. The latest submission is found by the (assignment_id, id) index for each row.
 */
function assignmentRows(db: Db) {
  return db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .innerJoin('volunteers', 'volunteers.id', 'assignments.volunteer_id')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .leftJoin('submissions as latest', (join) =>
      join.on((eb) =>
        eb(
          'latest.id',
          '=',
          eb
            .selectFrom('submissions')
            .select((inner) => inner.fn.max('submissions.id').as('id'))
            .whereRef('submissions.assignment_id', '=', 'assignments.id'),
        ),
      ),
    )
    .selectAll('assignments')
    .select([
      'tasks.title as task_title',
      'tasks.challenge_id as task_challenge_id',
      'tasks.estimated_hours as task_estimated_hours',
      'users.name as volunteer_name',
      'volunteers.reputation_score as volunteer_reputation_score',
      'latest.id as latest_id',
      'latest.description as latest_description',
      'latest.deliverable_url as latest_deliverable_url',
      'latest.hours_worked as latest_hours_worked',
      'latest.status as latest_status',
      'latest.review_note as latest_review_note',
      'latest.created_at as latest_created_at',
      'latest.reviewed_at as latest_reviewed_at',
    ]);
}

/** Compiled once per number of ids (a transition's answer reads one, a page up to a hundred). */
export const selectAssignmentRows: (db: Db, ids: readonly number[]) => Promise<AssignmentWithRelations[]> =
  compiledOnceForList((db, ids) => assignmentRows(db).where('assignments.id', 'in', ids));

/**
 * A page of one contributor's assignments, newest first, read whole with what their response embeds: the unfiltered
 * `GET /assignments` of a contributor (the most read), one statement compiled once instead of a page of ids, then the
 * rows by id. Each row carries its task's challenge's read version (migration 0032, which covers what an assignment
 * shows of its task), read with the row, for the page kept whole (src/http/user-pages.ts).
 */
export const volunteersAssignmentRows: (
  db: Db,
  volunteerId: number,
  limit: number,
  offset: number,
) => Promise<Array<AssignmentWithRelations & { challenge_version: number | null }>> = compiledOnce(
  (db, volunteerId: number, limit: number, offset: number) =>
    assignmentRows(db)
      .leftJoin('read_versions', (join) =>
        join.on('read_versions.topic', '=', 'challenge').onRef('read_versions.subject_id', '=', 'tasks.challenge_id'),
      )
      .select('read_versions.version as challenge_version')
      .where('assignments.volunteer_id', '=', volunteerId)
      .orderBy('assignments.id', 'desc')
      .limit(limit)
      .offset(offset),
);

/** How many assignments the contributor holds, in any status (the total of the page above). */
export const countVolunteersAssignments = compiledOnce((db, volunteerId: number) =>
  db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('assignments.volunteer_id', '=', volunteerId),
);

const SUBMISSION_COLUMNS = [
  'id',
  'assignment_id',
  'description',
  'deliverable_url',
  'hours_worked',
  'status',
  'review_note',
  'created_at',
  'reviewed_at',
] as const;

export const selectAttachments = compiledOnceForList((db, submissionIds) =>
  db
    .selectFrom('submission_attachments')
    .select(['id', 'submission_id', 'file_name', 'size', 'content_type'])
    .where('submission_id', 'in', submissionIds)
    .orderBy('id'),
);

// ---- Access and rules ----

/** An assignment with what its access checks, rules and notifications need: task, challenge and both parties. */
export async function findAssignmentContext(db: Db, id: number) {
  return (await assignmentContextById(db, id))[0];
}

/**
 * Compiled once: every transition and single read checks access through it. It reads the assignment as its answer
 * shows it too (`assignmentRows`), so the single read and a move that changes only the assignment's own row answer
 * without reading it again.
 */
const assignmentContextById = compiledOnce((db, id: number) =>
  assignmentRows(db)
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .select([
      'tasks.challenge_id',
      'challenges.status as challenge_status',
      'challenges.score as challenge_score',
      'companies.user_id as company_user_id',
      'volunteers.user_id as volunteer_user_id',
    ])
    .where('assignments.id', '=', id),
);
export type AssignmentContext = NonNullable<Awaited<ReturnType<typeof findAssignmentContext>>>;

/** The contributor's assignment in accepted / in_progress / submitted, if any (there is at most one). */
export async function findActiveAssignmentId(db: Db, volunteerId: number): Promise<number | null> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('volunteer_id', '=', volunteerId)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function taskHasActiveAssignments(db: Db, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('task_id', '=', taskId)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Lists ----

/** Whose assignments a list shows: a contributor's own, or those on a company's challenges (both by user id). */
export type AssignmentScope = { kind: 'volunteer' | 'company'; userId: number };
export type AssignmentFilters = { statuses?: readonly AssignmentStatus[]; taskId?: number; challengeId?: number };

function scopedAssignments(db: Db, scope: AssignmentScope, filters: AssignmentFilters) {
  let query = db.selectFrom('assignments').innerJoin('tasks', 'tasks.id', 'assignments.task_id');
  query =
    scope.kind === 'volunteer'
      ? query.where('assignments.volunteer_id', 'in', (eb) =>
          eb.selectFrom('volunteers').select('volunteers.id').where('volunteers.user_id', '=', scope.userId),
        )
      : query.where('tasks.challenge_id', 'in', (eb) =>
          eb
            .selectFrom('challenges')
            .innerJoin('companies', 'companies.id', 'challenges.company_id')
            .select('challenges.id')
            .where('companies.user_id', '=', scope.userId),
        );
  if (filters.statuses) query = query.where('assignments.status', 'in', [...filters.statuses]);
  if (filters.taskId !== undefined) query = query.where('assignments.task_id', '=', filters.taskId);
  if (filters.challengeId !== undefined) query = query.where('tasks.challenge_id', '=', filters.challengeId);
  return query;
}

/** One page of ids, newest first, and the total. */
export async function listAssignmentIds(
  db: Db,
  scope: AssignmentScope,
  filters: AssignmentFilters,
  page: PageRequest,
): Promise<{ ids: number[]; total: number }> {
  const { rows, total } = await fetchPage(
    scopedAssignments(db, scope, filters).select('assignments.id').orderBy('assignments.id', 'desc'),
    page,
  );
  return { ids: rows.map((row) => row.id), total };
}

// ---- Writes ----

/**
 * Moves an assignment only if it is still in one of `from`: a compare-and-set, so two concurrent requests cannot
 * both make the same transition. Returns whether the row changed.
 */
/** Moves the assignment if it is still in one of `from`: its row after the move, or undefined when it was not. */
export async function updateAssignmentIfStatus(
  db: Db,
  id: number,
  from: readonly AssignmentStatus[],
  changes: AssignmentUpdate,
): Promise<AssignmentRow | undefined> {
  // Compiled once per set of columns and number of statuses (each transition has its own), on every transaction.
  const set = Object.entries(changes).filter(([, value]) => value !== undefined);
  const rows = await assignmentMoves(
    db,
    `${set.map(([column]) => column).join(',')}/${from.length}`,
    (inner, ...values) =>
      inner
        .updateTable('assignments')
        .set(Object.fromEntries(set.map(([column], i) => [column, values[i]])) as AssignmentUpdate)
        .where('id', '=', values[set.length] as number)
        .where('status', 'in', values.slice(set.length + 1) as AssignmentStatus[])
        .returningAll(),
    [...set.map(([, value]) => value as Value), id, ...from],
  );
  return rows[0];
}

const assignmentMoves = compiledOncePerShape<AssignmentRow>();

export type NewSubmission = {
  assignmentId: number;
  description: string;
  deliverableUrl: string | null;
  hoursWorked: number;
};
export type NewAttachment = { fileName: string; storageKey: string; size: number; contentType: string };

export async function insertSubmission(
  db: Db,
  submission: NewSubmission,
  attachments: readonly NewAttachment[],
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('submissions')
    .values({
      assignment_id: submission.assignmentId,
      description: submission.description,
      deliverable_url: submission.deliverableUrl,
      hours_worked: submission.hoursWorked,
      status: 'submitted',
      created_at: now,
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (attachments.length > 0) {
    await db
      .insertInto('submission_attachments')
      .values(
        attachments.map((file) => ({
          submission_id: id,
          file_name: file.fileName,
          storage_key: file.storageKey,
          size: file.size,
          content_type: file.contentType,
          created_at: now,
        })),
      )
      .execute();
  }
  return id;
}

export function findLatestSubmission(db: Db, assignmentId: number) {
  return db
    .selectFrom('submissions')
    .select(['id', 'hours_worked', 'status'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A page of the assignment's submissions, every version handed in, newest first. */
export function listSubmissionsPage(db: Db, assignmentId: number, page: PageRequest) {
  return fetchPage(
    db
      .selectFrom('submissions')
      .select(SUBMISSION_COLUMNS)
      .where('assignment_id', '=', assignmentId)
      .orderBy('id', 'desc'),
    page,
  );
}

/** The hours of all the assignment's submissions, summed (each round of work reports its own; none: 0). */
export async function sumSubmittedHours(db: Db, assignmentId: number): Promise<number> {
  const rows = await db
    .selectFrom('submissions')
    .select('hours_worked')
    .where('assignment_id', '=', assignmentId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.hours_worked), 0);
}

/** Records the company's verdict on a submission; `reviewNote` is what it asked to change when it sent it back. */
export async function reviewSubmission(
  db: Db,
  submissionId: number,
  status: 'approved' | 'revision_requested',
  now: string,
  reviewNote: string | null = null,
): Promise<void> {
  await db
    .updateTable('submissions')
    .set({ status, reviewed_at: now, review_note: reviewNote })
    .where('id', '=', submissionId)
    .execute();
}

/** One attachment of any submission of the assignment, with where its bytes are stored (for the download). */
export function findAttachmentOfAssignment(db: Db, assignmentId: number, attachmentId: number) {
  return db
    .selectFrom('submission_attachments')
    .innerJoin('submissions', 'submissions.id', 'submission_attachments.submission_id')
    .select([
      'submission_attachments.file_name',
      'submission_attachments.storage_key',
      'submission_attachments.size',
      'submission_attachments.content_type',
    ])
    .where('submissions.assignment_id', '=', assignmentId)
    .where('submission_attachments.id', '=', attachmentId)
    .executeTakeFirst();
}

// ---- Withdrawing open invitations ----

/** Which open invitations to withdraw: those of one task (except one already answered), or of a whole challenge. */
export type InvitationScope = { taskId: number } | { challengeId: number };

/**
 * Withdraws the open invitations of `scope` (status `declined`, `withdrawn_at` set, `reason` as the decline reason)
 * in one compare-and-set statement, so an invitee answering at the same moment either answered first or gets the
 * withdrawn invitation's 422. Returns the ids it withdrew.
 */
export async function withdrawOpenInvitations(
  db: Db,
  scope: InvitationScope,
  to: AssignmentStatus,
  reason: string,
  now: string,
): Promise<number[]> {
  let query = db
    .updateTable('assignments')
    .set({ status: to, withdrawn_at: now, decline_reason: reason, updated_at: now })
    .where('status', 'in', [...OPEN_INVITATION_STATUSES]);
  query =
    'taskId' in scope
      ? query.where('task_id', '=', scope.taskId)
      : query.where('task_id', 'in', (eb) =>
          eb.selectFrom('tasks').select('tasks.id').where('tasks.challenge_id', '=', scope.challengeId),
        );
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Whether any assignment on the challenge's tasks still occupies its contributor (accepted, in progress, submitted). */
export async function challengeHasActiveAssignments(db: Db, challengeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .select('assignments.id')
    .where('tasks.challenge_id', '=', challengeId)
    .where('assignments.status', 'in', [...ACTIVE_STATUSES])
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Invitations (made by matching, or by the owning company) ----

/** The contributor's assignment on the task, if any (there is at most one: the unique (task_id, volunteer_id) key). */
export function findAssignmentOnTask(db: Db, taskId: number, volunteerId: number) {
  return db
    .selectFrom('assignments')
    .select(['id', 'status', 'withdrawn_at'])
    .where('task_id', '=', taskId)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
}

/** How many invitations on the task still wait for their answer. */
export async function countOpenInvitations(db: Db, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('task_id', '=', taskId)
    .where('status', 'in', [...OPEN_INVITATION_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The contributors who hold an open invitation to the task. */
export async function findOpenInviteeIds(db: Db, taskId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('assignments')
    .select('volunteer_id')
    .where('task_id', '=', taskId)
    .where('status', 'in', [...OPEN_INVITATION_STATUSES])
    .execute();
  return rows.map((row) => row.volunteer_id);
}

export type NewInvitation = {
  taskId: number;
  volunteerId: number;
  matchScore: number | null;
  /** The JSON the assignment shows as its match reasoning. */
  matchReasoning: string | null;
  invitedBy: InvitedBy;
  note: string | null;
  now: string;
  expiresAt: string;
};

/**
 * How many invitations the contributor holds that still wait for an answer and have not lapsed: what
 * MAX_OPEN_INVITATIONS limits (an expired one the expiry job has not reached yet no longer counts).
 */
export async function countOpenInvitationsOf(db: Db, volunteerId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('volunteer_id', '=', volunteerId)
    .where('status', 'in', [...OPEN_INVITATION_STATUSES])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The open invitations whose time ran out, oldest first, at most `limit`. */
export async function findExpiredInvitationIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('assignments')
    .select('id')
    .where('status', 'in', [...OPEN_INVITATION_STATUSES])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Inserts an `invited` assignment and returns its id, or undefined when the contributor already has an assignment on
 * the task: the unique (task_id, volunteer_id) key skips them rather than inviting them twice.
 */
export async function insertInvitation(trx: Db, invitation: NewInvitation): Promise<number | undefined> {
  const row = await trx
    .insertInto('assignments')
    .values({
      task_id: invitation.taskId,
      volunteer_id: invitation.volunteerId,
      status: ASSIGNMENT_TRANSITIONS.invite.to,
      match_score: invitation.matchScore,
      match_reasoning: invitation.matchReasoning,
      invited_by: invitation.invitedBy,
      invitation_note: invitation.note,
      decline_reason: null,
      expires_at: invitation.expiresAt,
      invited_at: invitation.now,
      responded_at: null,
      started_at: null,
      submitted_at: null,
      completed_at: null,
      actual_hours: null,
      created_at: invitation.now,
      updated_at: invitation.now,
    })
    .onConflict((conflict) => conflict.columns(['task_id', 'volunteer_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // A task the contributor holds an assignment on is no longer offered to them (`GET /tasks/available`).
  if (row) await removeFromFeed(trx, invitation.volunteerId, invitation.taskId);
  return row?.id;
}
