/**
 * A lifecycle as data: for each move, the statuses it starts from and the status it leads to. The `*.state.ts`
 * modules write their tables with `as const satisfies TransitionTable`, so the literal statuses survive and the
 * status union of a table can be derived from it (`StatusOf`).
 */
export type Transition = { readonly from: readonly string[]; readonly to: string };

export type TransitionTable = Readonly<Record<string, Transition>>;

/** Every status a table names, as a union: what its status column and parameters may hold. */
export type StatusOf<Table extends TransitionTable> = Table[keyof Table]['from'][number] | Table[keyof Table]['to'];

/** Compiles only when `List` names exactly the statuses `Union` holds: a written-out list cannot drift from its table. */
export type SameStatuses<List extends readonly string[], Union extends string> = [List[number]] extends [Union]
  ? [Union] extends [List[number]]
    ? true
    : never
  : never;

/** Whether `status` is one of `from` (a status read from a row is a plain string until checked). */
export function isOneOf<Status extends string>(status: string, from: readonly Status[]): status is Status {
  return (from as readonly string[]).includes(status);
}
