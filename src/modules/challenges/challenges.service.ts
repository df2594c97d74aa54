import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import { challengeHasActiveAssignments } from '../assignments/assignments.repository.ts';
import { withdrawInvitations } from '../assignments/withdrawals.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { scoredIdeasOf, winningIdeasOf } from '../ideas/ideas.embed.ts';
import { loadTasks } from '../tasks/tasks.loader.ts';
import { profileRequired } from '../users/profile-errors.ts';
import { insertChange, listChanges } from './challenge-changes.repository.ts';
import { checkContestChange, deadlineChange } from './challenge-contest.ts';
import { recordChallengeStatusChanged } from './challenge-events.ts';
import { canSeeChallenge } from './challenge-visibility.ts';
import { toAnalysis, toChallenge, toChallengeChange, toWorkstreams } from './challenges.mapper.ts';
import {
  analysesOf,
  type ChallengeFilters,
  type ChallengeWithCompanyRow,
  type ContestColumns,
  findChallengeWithCompany,
  insertChallenge,
  listChallengeFields,
  listChallenges,
  lockChallenge,
  moveChallengeIfIn,
  setChallengeStatus,
  updateContestSettings,
  updateEditableChallenge,
  updateRefinedBrief,
  workstreamsOf,
} from './challenges.repository.ts';
import type {
  Challenge,
  ChallengeChange,
  ChallengeDetail,
  ChallengeListQuery,
  CreateChallengeBody,
  UpdateChallengeBody,
} from './challenges.schemas.ts';
import {
  CHALLENGE_TRANSITIONS,
  checkChallengeMove,
  EDITABLE_STATUSES,
  invalidMove,
  isOpen,
  NOT_EDITABLE_MESSAGE,
  NOT_OWNER_MESSAGE,
  OPEN_CHALLENGE_STATUSES,
  refinedBriefClosedMessage,
} from './challenges.state.ts';

/** Query text is not a body, so it is not normalised for us: blank `field`/`q` mean "no filter". */
function filtersOf(query: ChallengeListQuery): ChallengeFilters {
  const field = query.field?.trim();
  const q = query.q?.trim();
  return {
    status: query.status,
    challenge_type: query.challenge_type,
    complexity_level: query.complexity_level,
    field: field ? field : undefined,
    q: q ? q : undefined,
  };
}

export async function listVisibleChallenges(
  db: Db,
  caller: AuthUser,
  query: ChallengeListQuery,
  page: PageRequest,
): Promise<PageOf<Challenge>> {
  const scope = { visibleToCompanyId: await companyIdOf(db, caller) };
  const { rows, total } = await listChallenges(db, scope, filtersOf(query), page);
  return { data: rows.map(toChallenge), total };
}

/** The fields the caller's list can be filtered by: those of the challenges it may see, or (`mine`) of its own. */
export async function listChallengeFieldChoices(db: Db, caller: AuthUser, mine: boolean): Promise<string[]> {
  const companyId = await companyIdOf(db, caller);
  if (!mine) return listChallengeFields(db, { visibleToCompanyId: companyId });
  return companyId === null ? [] : listChallengeFields(db, { ownedByCompanyId: companyId });
}

/** A company without a profile has no challenges yet: an empty page, not an error. */
export async function listOwnChallenges(
  db: Db,
  caller: AuthUser,
  query: ChallengeListQuery,
  page: PageRequest,
): Promise<PageOf<Challenge>> {
  const companyId = await companyIdOf(db, caller);
  if (companyId === null) return { data: [], total: 0 };
  const { rows, total } = await listChallenges(db, { ownedByCompanyId: companyId }, filtersOf(query), page);
  return { data: rows.map(toChallenge), total };
}

/**
 * The analyses are the owner's internal notes on its brief (risks, stakeholders, approach): everyone else gets none,
 * and sees the refined brief, the facts and the work instead.
 */
export async function showChallenge(db: Db, caller: AuthUser, id: number): Promise<ChallengeDetail> {
  const row = await findChallengeWithCompany(db, id);
  const callerCompanyId = await companyIdOf(db, caller);
  if (!row || !canSeeChallenge(row, callerCompanyId)) throw AppError.notFound('Challenge');
  const community = row.challenge_type === 'community_discussion';
  const [analyses, workstreams, tasks, ideas, winners] = await Promise.all([
    row.company_id === callerCompanyId ? analysesOf(db, id) : Promise.resolve([]),
    workstreamsOf(db, id),
    loadTasks(db, { challengeId: id }),
    community ? scoredIdeasOf(db, id, caller) : Promise.resolve([]),
    community ? winningIdeasOf(db, id, caller) : Promise.resolve([]),
  ]);
  return {
    ...toChallenge(row),
    analyses: analyses.map(toAnalysis),
    workstreams: toWorkstreams(workstreams, tasks),
    tasks,
    ideas,
    winners,
  };
}

export async function createChallenge(
  { db, queue }: Pick<AppDeps, 'db' | 'queue'>,
  caller: AuthUser,
  body: CreateChallengeBody,
): Promise<Challenge> {
  const companyId = await companyIdOf(db, caller);
  if (companyId === null) throw profileRequired('company', 'submitting a challenge');
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertChallenge(trx, {
      companyId,
      title: body.title,
      description: body.description,
      contest: contestChanges(body, null, new Date()),
      now: new Date().toISOString(),
    });
    await queue.enqueue(trx, 'challenge.analyze', { challengeId: inserted.id });
    // The caller is the company's user (companyIdOf found the company by them).
    await recordChallengeStatusChanged(trx, inserted.id, caller.id);
    return inserted;
  });
  return toChallenge(row);
}

/**
 * The owner's view of a challenge for a change: 404 when the caller may not see it at all (ids do not reveal
 * drafts), 403 when they may see it but it is another company's.
 */
export async function ownedChallenge(db: Db, caller: AuthUser, id: number): Promise<ChallengeWithCompanyRow> {
  const row = await findChallengeWithCompany(db, id);
  const companyId = await companyIdOf(db, caller);
  if (!row || !canSeeChallenge(row, companyId)) throw AppError.notFound('Challenge');
  if (row.company_id !== companyId) throw AppError.forbidden(NOT_OWNER_MESSAGE);
  return row;
}

type ContestSettingsBody = Pick<UpdateChallengeBody, 'deadline' | 'prize' | 'judging_criteria' | 'public'>;

/** The contest settings the body changes, as columns (`current` null: a new challenge). */
function contestChanges(
  body: ContestSettingsBody,
  current: Pick<ChallengeWithCompanyRow, 'deadline' | 'prize' | 'judging_criteria' | 'is_public'> | null,
  now: Date,
): ContestColumns {
  const changes: ContestColumns = {};
  const deadline =
    body.deadline === undefined ? undefined : deadlineChange(body.deadline, current?.deadline ?? null, now);
  if (deadline !== undefined) changes.deadline = deadline;
  if (body.prize !== undefined && body.prize !== (current?.prize ?? null)) changes.prize = body.prize;
  if (body.judging_criteria !== undefined && body.judging_criteria !== (current?.judging_criteria ?? null)) {
    changes.judging_criteria = body.judging_criteria;
  }
  const isPublic = body.public === undefined ? undefined : body.public ? 1 : 0;
  if (isPublic !== undefined && isPublic !== (current?.is_public ?? 0)) changes.is_public = isPublic;
  return changes;
}

/**
 * Title and description while the brief may change (a changed description is analysed again); the contest settings
 * by their own rules (challenge-contest.ts), in any status those allow.
 */
export async function updateChallenge(
  { db, queue }: Pick<AppDeps, 'db' | 'queue'>,
  caller: AuthUser,
  id: number,
  body: UpdateChallengeBody,
): Promise<Challenge> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownedChallenge(trx, caller, id);
    // The refined brief has its own rule (while the challenge runs); the other fields keep theirs below.
    if (body.refined_brief !== undefined) await refineBrief(trx, caller, current, body.refined_brief);
    const title = body.title !== undefined && body.title !== current.title ? body.title : undefined;
    const description =
      body.description !== undefined && body.description !== current.description ? body.description : undefined;
    if (title !== undefined || description !== undefined) checkChallengeMove('edit', current.status);
    const contest = contestChanges(body, current, new Date());
    checkContestChange(current, {
      terms: contest.deadline !== undefined || contest.prize !== undefined || contest.judging_criteria !== undefined,
      visibility: contest.is_public !== undefined,
    });
    if (title === undefined && description === undefined && Object.keys(contest).length === 0) {
      return body.refined_brief === undefined ? current : findChallengeWithCompany(trx, id);
    }

    const now = new Date().toISOString();
    if (Object.keys(contest).length > 0) await updateContestSettings(trx, id, contest, now);
    if (title === undefined && description === undefined) return findChallengeWithCompany(trx, id);
    // The brief analysis reads the description, so a new one is analysed again from the start.
    const restartAnalysis = description !== undefined;
    const applied = await updateEditableChallenge(
      trx,
      id,
      EDITABLE_STATUSES,
      { title, description, restartAnalysis },
      now,
    );
    if (!applied) throw AppError.invalidState(NOT_EDITABLE_MESSAGE);
    if (restartAnalysis) {
      await queue.enqueue(trx, 'challenge.analyze', { challengeId: id });
      if (current.status !== CHALLENGE_TRANSITIONS.edit.to) await recordChallengeStatusChanged(trx, id);
    }
    return findChallengeWithCompany(trx, id);
  });
  return toChallenge(row!);
}

/**
 * The company corrects the brief the analysis refined, while the challenge runs (issue 12, item 1). Before the
 * analysis wrote it there is nothing to correct (and the analysis would overwrite it); after the challenge ended it
 * is part of the record. It is not analysed again: the plan is corrected task by task. Recorded in the change history.
 */
async function refineBrief(trx: Db, caller: AuthUser, current: ChallengeWithCompanyRow, text: string): Promise<void> {
  if (!isOpen(current.status)) throw AppError.invalidState(refinedBriefClosedMessage(current.status));
  if (text === current.refined_brief) return;
  const now = new Date().toISOString();
  if (!(await updateRefinedBrief(trx, current.id, OPEN_CHALLENGE_STATUSES, text, now))) {
    throw AppError.invalidState(refinedBriefClosedMessage('completed'));
  }
  await insertChange(
    trx,
    {
      challengeId: current.id,
      userId: caller.id,
      action: 'brief_edited',
      summary: 'Edited the refined brief.',
      details: { refined_brief: { from: current.refined_brief, to: text } },
    },
    now,
  );
}

/** The owner's change history of the challenge, newest first (owner only, like every change). */
export async function listChallengeChanges(
  db: Db,
  caller: AuthUser,
  id: number,
  page: PageRequest,
): Promise<PageOf<ChallengeChange>> {
  await ownedChallenge(db, caller, id);
  const { rows, total } = await listChanges(db, id, page);
  return { data: rows.map(toChallengeChange), total };
}

/** From any status; archiving an archived challenge changes nothing (no write, same answer). */
export async function archiveChallenge(db: Db, caller: AuthUser, id: number): Promise<Challenge> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownedChallenge(trx, caller, id);
    const to = checkChallengeMove('archive', current.status);
    if (current.status === to) return current;
    await setChallengeStatus(trx, id, to, new Date().toISOString());
    await recordChallengeStatusChanged(trx, id);
    return findChallengeWithCompany(trx, id);
  });
  return toChallenge(row!);
}

export const WORK_IN_PROGRESS_MESSAGE =
  'This challenge still has work in progress: complete the assignments that are accepted, in progress or submitted ' +
  'before completing the challenge, or archive it.';

/**
 * The owner declares the challenge done, from active or in progress: ideas close and its tasks leave
 * `/tasks/available`. Refused while an assignment still occupies a contributor (their work would be left hanging);
 * open invitations are withdrawn and their invitees told, in the same transaction.
 */
export async function completeChallenge(db: Db, caller: AuthUser, id: number): Promise<Challenge> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownedChallenge(trx, caller, id);
    const move = CHALLENGE_TRANSITIONS.complete;
    checkChallengeMove('complete', current.status);
    // Held first: an assignment completing meanwhile would otherwise race this move (see challenge-progress.ts).
    await lockChallenge(trx, id);
    const now = new Date().toISOString();
    // Withdrawn before the check below: an invitee accepting at this moment either got there first (and the check
    // sees the accepted assignment) or finds the invitation withdrawn.
    await withdrawInvitations(trx, { challengeId: id }, 'challenge_completed', now);
    if (await challengeHasActiveAssignments(trx, id)) throw AppError.invalidState(WORK_IN_PROGRESS_MESSAGE);
    if (!(await moveChallengeIfIn(trx, id, move, now))) throw invalidMove('complete');
    await recordChallengeStatusChanged(trx, id);
    return findChallengeWithCompany(trx, id);
  });
  return toChallenge(row!);
}
