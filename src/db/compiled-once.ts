import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';
import { runPrepared } from './prepared-statements.ts';

/**
 * What a query compiled once takes on each call: values it compares, limits or offsets by, or writes; never a list.
 * Null only as a value written (`set`, `values`): compared, it would be `= null`, which matches nothing.
 */
export type Value = string | number | null;

/** Stands for an argument while the query is built: found again among the compiled query's parameters. */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

/** The SQL and its parameters, each either fixed (null) or the index of the argument that goes in its place. */
type Compiled<Row> = { query: CompiledQuery<Row>; slots: Array<number | null>; arity: number };

/**
 * A query the service runs on most requests, built and compiled by Kysely once per database instead of on every
 * call (building the operation tree and compiling it to SQL cost tens of microseconds a query; docs/performance.md).
 * `build` is called once per database with stand-ins for the arguments, and must only hand them to the query as values
 * (`where`, `limit`, `offset`, `set`, `values`): its SQL may not depend on them. Each call then runs that SQL with its
 * own arguments in their places, on the database or transaction it is given: a transaction of a database shares the
 * database's compiled SQL (`compiledFor`), so a write run once per transaction is compiled once too. A query whose
 * shape varies (optional filters, a list of ids of any length) is built as usual, or once per shape
 * (`compiledOncePerShape`).
 */
export function compiledOnce<Args extends Value[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<object, Compiled<Row>>();
  return async (db, ...args) => {
    const key = compiledFor(db);
    let entry = compiled.get(key);
    if (!entry) {
      entry = compile(db, build, args.length);
      compiled.set(key, entry);
    }
    const { query, slots, arity } = entry;
    if (args.length !== arity) throw new Error(`A query compiled once for ${arity} arguments got ${args.length}.`);
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === null ? value : args[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * What a compiled query is kept under: the database's dialect adapter, which the database and each of its transactions
 * share (Kysely hands a transaction the database's compiler and adapter, on another connection), so they compile to the
 * same SQL. A database or transaction with plugins (which may rewrite a query) keeps its own.
 */
function compiledFor(db: Db): object {
  const executor = db.getExecutor();
  return executor.plugins.length === 0 ? executor.adapter : db;
}

function compile<Args extends Value[], Row>(
  db: Db,
  build: (db: Db, ...args: Args) => Compilable<Row>,
  arity: number,
): Compiled<Row> {
  const standIns = Array.from({ length: arity }, (_, index) => new Slot(index));
  const query = build(db, ...(standIns as unknown as Args)).compile();
  const slots = query.parameters.map((value) => (value instanceof Slot ? value.index : null));
  runPrepared(query.sql);
  for (const { index } of standIns) {
    if (!slots.includes(index))
      throw new Error(`Argument ${index + 1} of a query compiled once is not one of its values.`);
  }
  return { query, slots, arity };
}

/** Lists longer than this are built on each call: a page's lists are shorter, and each length is compiled apart. */
export const COMPILED_LIST_MAX = 100;

/**
 * A query of fixed shape but for one list of ids it matches (`where id in (…)`, e.g. a page's rows by id), compiled
 * once per database and per length of the list: each of the list's values is an argument of its own. The list comes
 * first, then the query's other values, as in `compiledOnce`. An empty list or one longer than `COMPILED_LIST_MAX`
 * is built as usual (a caller answers an empty list without a statement where `in ()` would be refused).
 */
export function compiledOnceForList<Args extends Value[], Row>(
  build: (db: Db, list: readonly number[], ...args: Args) => Compilable<Row>,
): (db: Db, list: readonly number[], ...args: Args) => Promise<Row[]> {
  const byLength = new Map<number, (db: Db, ...values: Value[]) => Promise<Row[]>>();
  return async (db, list, ...args) => {
    if (list.length === 0 || list.length > COMPILED_LIST_MAX) {
      return (await db.executeQuery(build(db, list, ...args).compile())).rows;
    }
    let run = byLength.get(list.length);
    if (!run) {
      const length = list.length;
      run = compiledOnce((inner: Db, ...values: Value[]) =>
        build(inner, values.slice(0, length) as number[], ...(values.slice(length) as Args)),
      );
      byLength.set(length, run);
    }
    return run(db, ...list, ...args);
  };
}

/** How many shapes one query keeps compiled (`compiledOncePerShape`); a query of any further shape is built per call. */
export const COMPILED_SHAPES_MAX = 32;

type Shaped<Row> = (
  db: Db,
  shape: string,
  build: (db: Db, ...values: Value[]) => Compilable<Row>,
  values: Value[],
) => Promise<Row[]>;

/**
 * A query whose SQL depends on a little more than its values — which columns a write sets, how many rows an insert
 * writes — compiled once per shape and database as `compiledOnce` does. Each call names its shape (a text that changes
 * whenever the SQL would) and passes `build`, which is called with stand-ins for `values` the first time the shape is
 * seen and must only hand them to the query as values; later calls of the shape run its SQL with their own values.
 * A call with a value that is not a string, number or null, or of a shape past the first `COMPILED_SHAPES_MAX`, is
 * built as usual.
 */
export function compiledOncePerShape<Row>(): Shaped<Row> {
  const byShape = new Map<string, (db: Db, ...values: Value[]) => Promise<Row[]>>();
  return async (db, shape, build, values) => {
    const plain = values.every(isValue);
    let run = byShape.get(shape);
    if (!run && byShape.size < COMPILED_SHAPES_MAX && plain) {
      run = compiledOnce(build);
      byShape.set(shape, run);
    }
    if (run && plain) return run(db, ...values);
    return (await db.executeQuery(build(db, ...values).compile())).rows;
  };
}

function isValue(value: unknown): value is Value {
  return value === null || typeof value === 'string' || typeof value === 'number';
}
