import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import { testDialects } from '../helpers/context.ts';
import { createCompany, LONG_TEXT } from '../helpers/factories.ts';
import { Cleanup, startTwoApis } from './e2e-world.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * The guarantee of docs/api.md (Idempotent requests) where it matters most: first requests with one key arriving at
 * once at two API processes that share the database. Within one process SQLite's statements run one at a time on
 * the event loop, so only separate processes race truly on it; on PostgreSQL the two pools do too. However the
 * requests interleave, one runs and the others get its replay or a 409.
 */
for (const dialect of testDialects()) {
  describe(`idempotent POSTs across two API processes [${dialect}]`, () => {
    const cleanup = new Cleanup();
    let servers: ServerProcess[];
    let db: Db;
    before(async () => {
      ({ servers, db } = await startTwoApis(dialect, cleanup, 'idem'));
    });
    after(() => cleanup.run());

    it('runs one of twelve concurrent first requests with one key, sent to both processes', async () => {
      const { company, token } = await createCompany(db);
      const body = JSON.stringify({ title: 'Faster onboarding', description: LONG_TEXT });
      const responses = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          const response = await fetch(`${servers[index % 2].url}/api/challenges`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': 'one-challenge',
            },
            body,
          });
          return {
            status: response.status,
            replayed: response.headers.get('idempotent-replayed'),
            text: await response.text(),
          };
        }),
      );
      const rows = await db.selectFrom('challenges').select('id').where('company_id', '=', company.id).execute();
      assert.equal(rows.length, 1, 'one challenge');
      const ran = responses.filter((response) => response.status === 201 && response.replayed === null);
      assert.equal(ran.length, 1, 'one request ran');
      for (const response of responses) {
        assert.ok(response.status === 201 || response.status === 409, `${response.status} ${response.text}`);
        if (response.status === 201) assert.equal(response.text, ran[0].text, 'the replays are its answer');
      }
    });
  });
}
