import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../http/app-error.ts';
import {
  CHALLENGE_STATUSES,
  CHALLENGE_TRANSITIONS,
  checkChallengeMove,
  closedChallengeMessage,
  EDITABLE_STATUSES,
  isOpen,
  OPEN_CHALLENGE_STATUSES,
} from './challenges.state.ts';

function invalidState(action: Parameters<typeof checkChallengeMove>[0], status: string): string {
  try {
    checkChallengeMove(action, status);
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, 'invalid_state');
    return error.message;
  }
  assert.fail(`${action} from ${status} was allowed`);
}

describe('the challenge lifecycle table', () => {
  it('names exactly the documented statuses, and reaches each of them', () => {
    const named = new Set(Object.values(CHALLENGE_TRANSITIONS).flatMap((t) => [...t.from, t.to]));
    assert.deepEqual([...named].sort(), [...CHALLENGE_STATUSES].sort());
    const reached = new Set(Object.values(CHALLENGE_TRANSITIONS).map((t) => t.to));
    assert.deepEqual([...reached].sort(), [...CHALLENGE_STATUSES].sort());
  });

  it('lets the owner complete a running challenge only, and archive from anywhere', () => {
    for (const status of CHALLENGE_STATUSES) {
      const running = status === 'active' || status === 'in_progress';
      assert.equal(isOpen(status), running, status);
      if (running) assert.equal(checkChallengeMove('complete', status), 'completed');
      else {
        assert.equal(
          invalidState('complete', status),
          'Only an active challenge or a challenge in progress can be completed.',
        );
      }
      assert.equal(checkChallengeMove('archive', status), 'archived');
    }
    assert.deepEqual(OPEN_CHALLENGE_STATUSES, ['active', 'in_progress']);
  });

  it('lets the brief change only before the analysis has finished', () => {
    assert.deepEqual(EDITABLE_STATUSES, ['submitted', 'analyzing']);
    for (const status of ['active', 'in_progress', 'completed', 'rejected', 'archived']) {
      assert.match(invalidState('edit', status), /^This challenge can no longer be edited/);
    }
  });

  it('finishes by itself from the same statuses the owner completes from', () => {
    assert.deepEqual(CHALLENGE_TRANSITIONS.finish.from, CHALLENGE_TRANSITIONS.complete.from);
    assert.equal(CHALLENGE_TRANSITIONS.finish.to, 'completed');
    assert.deepEqual(CHALLENGE_TRANSITIONS.begin_work.from, ['active']);
  });

  it('says why the invitations of a closed challenge cannot be accepted', () => {
    assert.match(closedChallengeMessage('archived'), /has been archived/);
    assert.match(closedChallengeMessage('completed'), /is completed/);
    assert.match(closedChallengeMessage('rejected'), /is not open/);
  });
});
