import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDatabase } from '../../src/db/database.ts';
import { TokenUses } from '../../src/modules/auth/token-uses.ts';
import { authenticateToken, createToken, writeTokenUsesNow } from '../../src/modules/auth/tokens.service.ts';
import { createTestDatabaseInTempFolder, type TestDatabase, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 11: a token's once-a-minute use (its last use, a web token's moved idle end) is written behind, for all the
 * tokens used in about a second in one statement, so a request with a token the process had not cached costs one
 * statement instead of two. What waits is what the process answers with, and nothing waiting is lost at a close.
 */
const HOUR = 3_600_000;

describe('token uses written behind (the buffer)', () => {
  const uses = (write: (batch: ReadonlyMap<number, unknown>) => Promise<void>, errors: unknown[] = []) =>
    new TokenUses({ write, delayMs: 20, maxPending: 3, onError: (error) => errors.push(error) });

  it('writes every use held in one write, the newest use of each token, about the delay later', async () => {
    const writes: Array<Map<number, unknown>> = [];
    const buffer = uses(async (batch) => void writes.push(new Map(batch)));
    buffer.add(1, { userId: 7, lastUsedAt: 'a' });
    buffer.add(2, { userId: 8, lastUsedAt: 'b' });
    buffer.add(1, { userId: 7, lastUsedAt: 'c' });
    assert.equal(writes.length, 0, 'nothing is written at once');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(writes, [
      new Map([
        [2, { userId: 8, lastUsedAt: 'b' }],
        [1, { userId: 7, lastUsedAt: 'c' }],
      ]),
    ]);
  });

  it('keeps a failed write for the next one, unless the token was used again meanwhile', async () => {
    const errors: unknown[] = [];
    const writes: Array<Map<number, unknown>> = [];
    let failing = true;
    const buffer = uses(async (batch) => {
      if (failing) throw new Error('database unavailable');
      writes.push(new Map(batch));
    }, errors);
    buffer.add(1, { userId: 7, lastUsedAt: 'a' });
    buffer.add(2, { userId: 8, lastUsedAt: 'b' });
    await buffer.flush();
    assert.equal(errors.length, 1);
    assert.equal(buffer.size, 2, 'both kept');
    buffer.add(2, { userId: 8, lastUsedAt: 'c' });
    failing = false;
    await buffer.flush();
    assert.deepEqual(writes, [
      new Map([
        [1, { userId: 7, lastUsedAt: 'a' }],
        [2, { userId: 8, lastUsedAt: 'c' }],
      ]),
    ]);
    await buffer.close();
  });

  it('is bounded, drops a forgotten user, and takes nothing after its close', async () => {
    const writes: Array<Map<number, unknown>> = [];
    const buffer = uses(async (batch) => void writes.push(new Map(batch)));
    for (const id of [1, 2, 3, 4]) buffer.add(id, { userId: id === 3 ? 9 : 7, lastUsedAt: String(id) });
    assert.equal(buffer.size, 3, 'the oldest went past the bound');
    buffer.forgetUser(9);
    assert.equal(buffer.pendingFor(3), undefined);
    await buffer.close();
    buffer.add(5, { userId: 7, lastUsedAt: '5' });
    await buffer.flush();
    assert.deepEqual(
      writes.map((batch) => [...batch.keys()]),
      [[2, 4]],
    );
  });
});

for (const dialect of testDialects()) {
  describe(`token uses written behind [${dialect}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
    });
    after(async () => {
      await database.close();
    });

    const tokenRow = async (token: string) => {
      const { last_used_at, expires_at } = await database.db
        .selectFrom('personal_access_tokens')
        .select(['last_used_at', 'expires_at'])
        .where('id', '=', Number(token.split('|')[0]))
        .executeTakeFirstOrThrow();
      return { last_used_at, expires_at };
    };

    it('writes the uses of several tokens together, a web token with its moved idle end', async () => {
      const user = await createUser(database.db, 'contributor');
      const t0 = new Date(Date.now() - 2 * HOUR);
      const api = await createToken(database.db, user.id, 'crm', null, t0);
      const web = await createToken(database.db, user.id, 'web', { idleSeconds: 3600, maxSeconds: 86_400 }, t0);
      const now = new Date(t0.getTime() + 30 * 60_000);
      assert.ok(await authenticateToken(database.db, api, now));
      assert.ok(await authenticateToken(database.db, web, now));
      assert.equal((await tokenRow(api)).last_used_at, null, 'not written by the request itself');

      await writeTokenUsesNow(database.db);
      assert.deepEqual(await tokenRow(api), { last_used_at: now.toISOString(), expires_at: null });
      assert.deepEqual(await tokenRow(web), {
        last_used_at: now.toISOString(),
        expires_at: new Date(now.getTime() + HOUR).toISOString(),
      });
    });

    it('answers from a use still waiting: a token read again within the minute is not used twice', async () => {
      const user = await createUser(database.db, 'contributor');
      const t0 = new Date();
      const web = await createToken(database.db, user.id, 'web', { idleSeconds: 600, maxSeconds: 86_400 }, t0);
      assert.ok(await authenticateToken(database.db, web, t0));
      // Each later use is past the cache's 30 s, so the token is read again. At 300 s the use at t0 is due again and
      // moves the idle end to 900 s; at 700 s the database still holds the first end (600 s) until the write.
      const late = new Date(t0.getTime() + 700_000);
      assert.ok(await authenticateToken(database.db, web, new Date(t0.getTime() + 300_000)));
      assert.ok(await authenticateToken(database.db, web, late), 'the waiting renewal keeps it alive');
    });

    it('does not bring back a token ended by hand after its use', async () => {
      const user = await createUser(database.db, 'contributor');
      const web = await createToken(database.db, user.id, 'web', { idleSeconds: 600, maxSeconds: 86_400 });
      assert.ok(await authenticateToken(database.db, web));
      const ended = new Date(Date.now() - HOUR).toISOString();
      await database.db
        .updateTable('personal_access_tokens')
        .set({ expires_at: ended })
        .where('id', '=', Number(web.split('|')[0]))
        .execute();
      await writeTokenUsesNow(database.db);
      assert.equal((await tokenRow(web)).expires_at, ended);
    });

    it('moves a waiting renewal again from the end the database holds', async () => {
      const user = await createUser(database.db, 'contributor');
      const t0 = new Date(Date.now() - HOUR);
      const web = await createToken(database.db, user.id, 'web', { idleSeconds: 600, maxSeconds: 86_400 }, t0);
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
      // Three uses, all still waiting: each moves the waiting renewal on (700, 800, then 1,250 s).
      assert.ok(await authenticateToken(database.db, web, at(100)));
      assert.ok(await authenticateToken(database.db, web, at(200)));
      assert.ok(await authenticateToken(database.db, web, at(650)), 'alive past the end the database still holds');
      await writeTokenUsesNow(database.db);
      assert.equal((await tokenRow(web)).expires_at, at(1250).toISOString());
    });

    it('does not bring back a token whose end was set after its use, from a renewal still waiting', async () => {
      const user = await createUser(database.db, 'contributor');
      const used = new Date(Date.now() - 60_000);
      const web = await createToken(database.db, user.id, 'web', { idleSeconds: 600, maxSeconds: 86_400 }, used);
      assert.ok(await authenticateToken(database.db, web, used));
      // Ended after the use, while the use's renewal (to 600 s after it) still waits to be written.
      const ended = new Date(Date.now() - 1000).toISOString();
      await database.db
        .updateTable('personal_access_tokens')
        .set({ expires_at: ended })
        .where('id', '=', Number(web.split('|')[0]))
        .execute();
      assert.equal(await authenticateToken(database.db, web), null, 'the waiting renewal is not laid over the new end');
      await writeTokenUsesNow(database.db);
      assert.equal((await tokenRow(web)).expires_at, ended);
    });

    it('writes what waits when the database closes', async () => {
      const second = createDatabase({ url: database.url, ...(database.schema ? { schema: database.schema } : {}) });
      const user = await createUser(second.db, 'contributor');
      const token = await createToken(second.db, user.id, 'crm', null);
      assert.ok(await authenticateToken(second.db, token));
      await second.destroy();
      assert.notEqual((await tokenRow(token)).last_used_at, null);
    });
  });
}
