import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../http/app-error.ts';
import {
  ACTIVE_STATUSES,
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_TRANSITIONS,
  type AssignmentAction,
  type AssignmentParty,
  checkTransition,
  EXPIRED_MESSAGE,
  type GuardedAssignment,
  INVALID_STATUS_MESSAGE,
  OPEN_INVITATION_STATUSES,
  WITHDRAWN_MESSAGE,
} from './assignments.state.ts';

const invited: GuardedAssignment = {
  status: 'invited',
  withdrawn_at: null,
  expires_at: null,
  responded_at: null,
  challenge_status: 'active',
};

function refusal(action: AssignmentAction, assignment: GuardedAssignment, party: AssignmentParty | null) {
  try {
    checkTransition(action, assignment, party);
  } catch (error) {
    assert.ok(error instanceof AppError);
    return { code: error.code, message: error.message };
  }
  return null;
}

describe('the assignment lifecycle table', () => {
  it('names exactly the seed statuses, and reaches each of them', () => {
    const named = new Set(Object.values(ASSIGNMENT_TRANSITIONS).flatMap((t) => [...t.from, t.to]));
    assert.deepEqual([...named].sort(), [...ASSIGNMENT_STATUSES].sort());
    const reached = new Set(Object.values(ASSIGNMENT_TRANSITIONS).map((t) => t.to));
    assert.deepEqual([...reached].sort(), [...ASSIGNMENT_STATUSES].sort());
  });

  it('never leaves completed or declined', () => {
    for (const [action, transition] of Object.entries(ASSIGNMENT_TRANSITIONS)) {
      for (const end of ['completed', 'declined']) {
        assert.ok(!(transition.from as readonly string[]).includes(end), `${action} from ${end}`);
      }
    }
  });

  it('withdraws only open invitations, to declined', () => {
    assert.deepEqual(OPEN_INVITATION_STATUSES, ['invited']);
    assert.equal(ASSIGNMENT_TRANSITIONS.withdraw.to, 'declined');
    assert.deepEqual(ASSIGNMENT_TRANSITIONS.withdraw.by, ['system', 'company']);
  });

  it('lets the owning company withdraw an open invitation, not the invitee, and nothing else', () => {
    assert.deepEqual(checkTransition('withdraw', invited, 'company'), { to: 'declined' });
    assert.equal(refusal('withdraw', invited, 'assignee')?.code, 'forbidden');
    assert.equal(refusal('withdraw', { ...invited, status: 'accepted' }, 'company')?.code, 'invalid_state');
    const withdrawn = { ...invited, status: 'declined', withdrawn_at: '2026-11-26T05:00:00.000Z' };
    assert.equal(refusal('withdraw', withdrawn, 'company')?.message, WITHDRAWN_MESSAGE);
  });

  it('keeps the active statuses those between accepting and completing', () => {
    assert.deepEqual(ACTIVE_STATUSES, ['accepted', 'in_progress', 'submitted']);
    assert.equal(ASSIGNMENT_TRANSITIONS.accept.to, 'accepted');
    assert.deepEqual(ASSIGNMENT_TRANSITIONS.complete.from, ['in_progress', 'submitted']);
  });
});

describe('checkTransition', () => {
  it('refuses the wrong party with a 403 before looking at the status', () => {
    const done: GuardedAssignment = { ...invited, status: 'completed' };
    assert.deepEqual(refusal('accept', done, 'company'), {
      code: 'forbidden',
      message: 'Only the contributor of this assignment can do this.',
    });
    assert.deepEqual(refusal('request_revision', done, 'assignee'), {
      code: 'forbidden',
      message: 'Only the company that owns this challenge can do this.',
    });
    assert.equal(refusal('complete', done, null)?.code, 'forbidden');
    // Completing approves the work: the assignee may not, whatever the status (issue 10, item 7).
    assert.deepEqual(refusal('complete', { ...done, status: 'submitted' }, 'assignee'), {
      code: 'forbidden',
      message: 'Only the company that owns this challenge can do this.',
    });
    assert.deepEqual(ASSIGNMENT_TRANSITIONS.complete.by, ['company']);
  });

  it('refuses a status the action does not start from with a 422', () => {
    for (const status of ASSIGNMENT_STATUSES) {
      const outcome = refusal('start', { ...invited, status }, 'assignee');
      if (status === 'accepted') assert.equal(outcome, null);
      else assert.deepEqual(outcome, { code: 'invalid_state', message: INVALID_STATUS_MESSAGE }, status);
    }
    assert.deepEqual(checkTransition('start', { ...invited, status: 'accepted' }, 'assignee'), { to: 'in_progress' });
  });

  it('names a withdrawn invitation as such', () => {
    const withdrawn: GuardedAssignment = { ...invited, status: 'declined', withdrawn_at: '2026-11-25T10:00:00.000Z' };
    for (const action of ['accept', 'reject'] as const) {
      assert.deepEqual(refusal(action, withdrawn, 'assignee'), { code: 'invalid_state', message: WITHDRAWN_MESSAGE });
    }
    assert.deepEqual(refusal('accept', { ...invited, status: 'declined' }, 'assignee'), {
      code: 'invalid_state',
      message: INVALID_STATUS_MESSAGE,
    });
  });

  it('names an expired invitation as such: open past its time, or declined by the expiry job', () => {
    const now = '2026-11-25T10:00:00.000Z';
    const lapsed: GuardedAssignment = { ...invited, expires_at: '2026-11-25T09:59:59.999Z' };
    const expired = { code: 'invalid_state', message: EXPIRED_MESSAGE };
    for (const action of ['accept', 'reject'] as const) {
      assert.throws(() => checkTransition(action, lapsed, 'assignee', now), { message: EXPIRED_MESSAGE });
      assert.deepEqual(refusal(action, { ...lapsed, status: 'declined' }, 'assignee'), expired);
    }
    const open: GuardedAssignment = { ...invited, expires_at: '2026-11-25T10:00:00.001Z' };
    assert.deepEqual(checkTransition('accept', open, 'assignee', now), { to: 'accepted' });
    // Declined by its invitee before its time: an answer, not an expiry.
    const answered = { ...lapsed, status: 'declined', responded_at: '2026-11-25T09:00:00.000Z' };
    assert.deepEqual(refusal('accept', answered, 'assignee'), {
      code: 'invalid_state',
      message: INVALID_STATUS_MESSAGE,
    });
    // The wrong party learns nothing about the invitation's time.
    assert.equal(refusal('accept', lapsed, 'company')?.code, 'forbidden');
  });

  it('accepts only while the challenge runs; the other actions do not ask', () => {
    for (const challenge_status of ['active', 'in_progress']) {
      assert.equal(refusal('accept', { ...invited, challenge_status }, 'assignee'), null);
    }
    assert.deepEqual(refusal('accept', { ...invited, challenge_status: 'archived' }, 'assignee'), {
      code: 'invalid_state',
      message: 'This challenge has been archived; its invitations can no longer be accepted.',
    });
    assert.equal(refusal('accept', { ...invited, challenge_status: 'completed' }, 'assignee')?.code, 'invalid_state');
    assert.equal(refusal('reject', { ...invited, challenge_status: 'archived' }, 'assignee'), null);
    const working: GuardedAssignment = { ...invited, status: 'in_progress', challenge_status: 'archived' };
    assert.equal(refusal('submit', working, 'assignee'), null);
  });
});
