import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rangeRequestOf } from './byte-range.ts';

const range = (start: number, end: number) => ({ kind: 'range', range: { start, end } });

describe('rangeRequestOf', () => {
  it('reads one range: from-to, from to the end, the last N bytes; the end is cut at the size', () => {
    assert.deepEqual(rangeRequestOf('bytes=0-9', 100), range(0, 9));
    assert.deepEqual(rangeRequestOf('bytes=90-', 100), range(90, 99));
    assert.deepEqual(rangeRequestOf('bytes=-10', 100), range(90, 99));
    assert.deepEqual(rangeRequestOf('bytes=-500', 100), range(0, 99));
    assert.deepEqual(rangeRequestOf('bytes=50-5000', 100), range(50, 99));
    assert.deepEqual(rangeRequestOf(' Bytes=5-5 ', 100), range(5, 5));
  });

  it('says a range that starts past the end, or asks for no bytes, cannot be satisfied', () => {
    assert.deepEqual(rangeRequestOf('bytes=100-', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(rangeRequestOf('bytes=100-200', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(rangeRequestOf('bytes=-0', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(rangeRequestOf('bytes=0-', 0), { kind: 'unsatisfiable' });
    assert.deepEqual(rangeRequestOf('bytes=99999999999999999999-', 100), { kind: 'unsatisfiable' });
  });

  it('answers the whole file for no header, another unit, several ranges or bad syntax', () => {
    for (const header of [
      undefined,
      'items=0-1',
      'bytes=0-1,5-6',
      'bytes=5-1',
      'bytes=a-b',
      'bytes=1',
      'bytes=-',
      'bytes=0x1-2',
    ]) {
      assert.deepEqual(rangeRequestOf(header, 100), { kind: 'whole' }, String(header));
    }
  });
});
