/**
 * Moving one item of a numbered list (workstreams in a challenge, tasks in a workstream) to `position` (1 = first;
 * past the end = last), the list numbered 1, 2, … in its new order: the items whose number changes, with their new
 * number. `rows` is the list in its current order; `id` may be new to it (an item moved in from another list).
 */
export function renumberedFor(
  rows: ReadonlyArray<{ id: number; position: number }>,
  id: number,
  position: number,
): Array<{ id: number; position: number }> {
  const others = rows.filter((row) => row.id !== id).map((row) => row.id);
  const order = [...others.slice(0, position - 1), id, ...others.slice(position - 1)];
  const current = new Map(rows.map((row) => [row.id, row.position]));
  return order
    .map((rowId, index) => ({ id: rowId, position: index + 1 }))
    .filter((row) => current.get(row.id) !== row.position);
}
