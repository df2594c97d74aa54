import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renumberedFor } from './positions.ts';

describe('renumberedFor', () => {
  const list = [
    { id: 10, position: 1 },
    { id: 11, position: 2 },
    { id: 12, position: 3 },
  ];

  it('moves an item and gives only the items whose number changes', () => {
    assert.deepEqual(renumberedFor(list, 12, 1), [
      { id: 12, position: 1 },
      { id: 10, position: 2 },
      { id: 11, position: 3 },
    ]);
    assert.deepEqual(renumberedFor(list, 10, 2), [
      { id: 11, position: 1 },
      { id: 10, position: 2 },
    ]);
    assert.deepEqual(renumberedFor(list, 11, 2), []);
  });

  it('puts a position past the end last, and numbers an item moved in from another list', () => {
    assert.deepEqual(renumberedFor(list, 10, 9), [
      { id: 11, position: 1 },
      { id: 12, position: 2 },
      { id: 10, position: 3 },
    ]);
    assert.deepEqual(renumberedFor(list, 99, 2), [
      { id: 99, position: 2 },
      { id: 11, position: 3 },
      { id: 12, position: 4 },
    ]);
  });

  it('closes a gap left by a removed item', () => {
    assert.deepEqual(
      renumberedFor(
        [
          { id: 10, position: 1 },
          { id: 12, position: 3 },
        ],
        12,
        9,
      ),
      [{ id: 12, position: 2 }],
    );
  });
});
