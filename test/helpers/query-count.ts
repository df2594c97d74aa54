import type { Db } from '../../src/db/database.ts';

/**
 * Runs `run` on `db` and counts the statements it executes, through a Kysely plugin that sees every result: queries
 * compiled once (src/db/compiled-once.ts) are built a single time but counted at each run.
 */
export async function countQueries<T>(db: Db, run: (db: Db) => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const counting = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++;
      return args.result;
    },
  });
  const result = await run(counting);
  return { result, queries };
}
