import type { Db } from '../../src/db/database.ts';

/**
 * Runs `run` on `db` and counts the statements it executes, through a Kysely plugin that sees every result: queries
 * compiled once (src/db/compiled-once.ts) are built a single time but counted at each run. `outsideTransactions`
 * counts those not run in a transaction `run` opened: each takes a connection of its own (on PostgreSQL, a checkout
 * of the pool). `run` must not run statements concurrently with a transaction of its own.
 */
export async function countQueries<T>(
  db: Db,
  run: (db: Db) => Promise<T>,
): Promise<{ result: T; queries: number; outsideTransactions: number }> {
  let queries = 0;
  let outsideTransactions = 0;
  let openTransactions = 0;
  const counting = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++;
      if (openTransactions === 0) outsideTransactions++;
      return args.result;
    },
  });
  const transaction = counting.transaction.bind(counting);
  const observed = Object.assign(counting, {
    transaction: () => {
      const builder = transaction();
      const execute = builder.execute.bind(builder);
      return Object.assign(builder, {
        execute: <R>(work: (trx: Db) => Promise<R>) =>
          execute(async (trx) => {
            openTransactions++;
            try {
              return await work(trx);
            } finally {
              openTransactions--;
            }
          }),
      });
    },
  });
  const result = await run(observed);
  return { result, queries, outsideTransactions };
}
