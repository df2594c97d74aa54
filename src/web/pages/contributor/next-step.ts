import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';

/** True when the company sent the latest solution back: the assignment is in progress again, with changes asked. */
export function revisionRequested(assignment: Assignment): boolean {
  return assignment.status === 'in_progress' && assignment.latest_submission?.status === 'revision_requested';
}

/** What the contributor does next on an assignment, in one sentence. */
export function nextStep(assignment: Assignment): string {
  if (revisionRequested(assignment)) {
    return 'The company asked for changes: update your work and submit your solution again.';
  }
  switch (assignment.status) {
    case 'invited':
      return 'Read the task, then accept or decline the invitation.';
    case 'accepted':
      return 'Start the task when you begin working on it, or submit your solution straight away.';
    case 'in_progress':
      return 'Submit your solution when it is ready.';
    case 'submitted':
      // Only the company approves (issue 10, item 7): the contributor waits for its verdict.
      return 'The company is reviewing your solution: it approves it or sends it back with a note.';
    case 'completed':
      return 'Done. Thank you: the reputation points are on your profile.';
    case 'declined':
      return 'You declined this invitation.';
    default:
      return '';
  }
}
