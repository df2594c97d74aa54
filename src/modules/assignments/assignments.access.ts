import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { isPubliclyVisible } from '../challenges/challenge-visibility.ts';
import { loadAssignmentsByIds } from './assignments.loader.ts';
import { type AssignmentContext, findAssignmentContext } from './assignments.repository.ts';
import type { Assignment } from './assignments.schemas.ts';
import type { AssignmentParty } from './assignments.state.ts';

/**
 * Who may touch an assignment. Its parties are the assigned contributor and the company that owns the challenge.
 * Anyone else gets 404 when the task itself is hidden from them (its challenge is not public), so ids reveal
 * nothing; and 403 when they can see the task but are not a party (docs/contract.md §2: "not the owner").
 */
export type AssignmentForCaller = { assignment: AssignmentContext; party: AssignmentParty | null };

function partyOf(assignment: AssignmentContext, caller: AuthUser): AssignmentParty | null {
  if (caller.account_type === 'contributor' && caller.id === assignment.volunteer_user_id) return 'assignee';
  if (caller.account_type === 'company' && caller.id === assignment.company_user_id) return 'company';
  return null;
}

export async function findAssignmentForCaller(db: Db, caller: AuthUser, id: number): Promise<AssignmentForCaller> {
  const assignment = await findAssignmentContext(db, id);
  if (!assignment) throw AppError.notFound('Assignment');
  const party = partyOf(assignment, caller);
  if (party === null && !isPubliclyVisible(assignment.challenge_status)) throw AppError.notFound('Assignment');
  return { assignment, party };
}

/** One assignment in its response shape (after a write, or for a read the caller was allowed). */
export async function assignmentResponse(db: Db, id: number): Promise<Assignment> {
  const assignment = (await loadAssignmentsByIds(db, [id])).get(id);
  if (!assignment) throw AppError.notFound('Assignment');
  return assignment;
}

/** Assignments in the order of `ids` (a page of a list). */
export async function assignmentsInOrder(db: Db, ids: number[]): Promise<Assignment[]> {
  const byId = await loadAssignmentsByIds(db, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}
