import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OPEN_TASK_STATUSES, TASK_STATUSES, TASK_TRANSITIONS } from './tasks.state.ts';

describe('the task lifecycle table', () => {
  it('names exactly the documented statuses, and reaches each of them', () => {
    const named = new Set(Object.values(TASK_TRANSITIONS).flatMap((t) => [...t.from, t.to]));
    assert.deepEqual([...named].sort(), [...TASK_STATUSES].sort());
    const reached = new Set(Object.values(TASK_TRANSITIONS).map((t) => t.to));
    assert.deepEqual([...reached].sort(), [...TASK_STATUSES].sort());
  });

  it('offers a task to contributors while it can still be filled', () => {
    assert.deepEqual(OPEN_TASK_STATUSES, ['pending', 'matching']);
    assert.deepEqual(TASK_TRANSITIONS.fill.from, OPEN_TASK_STATUSES);
  });

  it('never leaves completed', () => {
    for (const [move, transition] of Object.entries(TASK_TRANSITIONS)) {
      assert.ok(!(transition.from as readonly string[]).includes('completed'), move);
    }
  });

  it('completes from every status but completed', () => {
    assert.deepEqual([...TASK_TRANSITIONS.complete.from].sort(), TASK_STATUSES.filter((s) => s !== 'completed').sort());
  });
});
