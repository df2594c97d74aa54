import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oneBatchAtATime } from '../../src/db/one-batch-at-a-time.ts';

/**
 * Issue 11: a lookup many requests make goes to the database one batch at a time (src/db/one-batch-at-a-time.ts).
 * Alone, a key goes at once; while a batch is out the keys asked for meanwhile wait and go together; nothing is
 * remembered, so a key asked again is looked up again.
 */

/** A lookup whose batches stay out until the test lets each return, recording the keys of each batch. */
function heldLookup() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const lookup = oneBatchAtATime<number, number>(async (keys) => {
    batches.push([...keys]);
    await new Promise<void>((resolve) => pending.push(resolve));
    return keys.map((key) => key * 10);
  });
  const returnOldest = () => pending.shift()?.();
  return { lookup, batches, returnOldest };
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

describe('one batch at a time', () => {
  it('sends a key alone at once, and the keys asked while it is out together in the next batch', async () => {
    const { lookup, batches, returnOldest } = heldLookup();
    const first = lookup(1);
    await ticks();
    assert.deepEqual(batches, [[1]], 'alone, the key went without waiting for others');
    const later = [lookup(2), lookup(3), lookup(2)];
    await ticks();
    assert.deepEqual(batches, [[1]], 'nothing else goes while a batch is out');
    returnOldest();
    assert.equal(await first, 10);
    await ticks();
    assert.deepEqual(batches, [[1], [2, 3, 2]], 'the waiting keys went as one batch, a repeated key looked up again');
    returnOldest();
    assert.deepEqual(await Promise.all(later), [20, 30, 20]);
  });

  it('remembers nothing: the same key asked after its answer is looked up again', async () => {
    let version = 1;
    const calls: number[][] = [];
    const lookup = oneBatchAtATime<string, number>(async (keys) => {
      calls.push(keys.map(() => version));
      return keys.map(() => version);
    });
    assert.equal(await lookup('a'), 1);
    version = 2;
    assert.equal(await lookup('a'), 2);
    assert.equal(calls.length, 2);
  });

  it('fails every key of a batch that throws, and only the key answered with an error; the next batch still goes', async () => {
    let failWhole = true;
    const lookup = oneBatchAtATime<number, number>(async (keys) => {
      if (failWhole) throw new Error('connection lost');
      return keys.map((key) => (key === 13 ? new Error(`no ${key}`) : key));
    });
    const whole = await Promise.allSettled([lookup(1), lookup(2)]);
    assert.deepEqual(
      whole.map((result) => result.status === 'rejected' && (result.reason as Error).message),
      ['connection lost', 'connection lost'],
    );
    failWhole = false;
    const [ok, bad] = await Promise.allSettled([lookup(12), lookup(13)]);
    assert.deepEqual(ok, { status: 'fulfilled', value: 12 });
    assert.equal(bad.status === 'rejected' && (bad.reason as Error).message, 'no 13');
  });
});
