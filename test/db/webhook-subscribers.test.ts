import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { recordEvent } from '../../src/modules/webhooks/webhook-events.ts';
import { usersWhoMayHaveWebhooks } from '../../src/modules/webhooks/webhook-subscribers.ts';
import { updateWebhook, usersWithActiveWebhooks } from '../../src/modules/webhooks/webhooks.repository.ts';
import { createTestDatabaseInTempFolder, type TestDatabase, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';
import { insertWebhookRow, subscribersKnown } from '../helpers/webhooks.ts';
import { waitFor } from '../jobs/wait-for.ts';

/**
 * Issue 11: each process keeps which users have an active webhook, so that a write whose recipients have none runs no
 * webhook lookup. What must never happen is an active webhook missed: a user who gains one is known at once to the
 * process that wrote it and, within moments, to every other process on the database (PostgreSQL NOTIFY; on SQLite, a
 * commit by another connection drops what a process kept). The waits below are for those moments; a correct set
 * passes at once, and one that never hears the news fails after 20 s, well before its 30 s refresh.
 */
const mayHave = (db: Db, userId: number) => usersWhoMayHaveWebhooks(db, [userId], usersWithActiveWebhooks);

/** Records a notification event for `userId` on `db` as a write does, in a transaction; the deliveries it wrote. */
async function eventReaches(db: Db, userId: number, webhookId: number): Promise<boolean> {
  await db
    .transaction()
    .execute((trx) =>
      recordEvent(trx, { type: 'notification.created', recipients: [userId], data: async () => ({ id: 1 }) }),
    );
  const delivered = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', webhookId)
    .execute();
  return delivered.length > 0;
}

for (const dialect of testDialects()) {
  describe(`the set of webhook subscribers kept per process [${dialect}]`, () => {
    let database: TestDatabase;
    /** A second process on the same database: its own connections, and so its own set. */
    let other: { db: Db; destroy: () => Promise<void> };
    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
      other = createDatabase({ url: database.url, ...(database.schema ? { schema: database.schema } : {}) });
      await subscribersKnown(database.db);
      await subscribersKnown(other.db);
    });
    after(async () => {
      await other.destroy();
      await database.close();
    });

    it('answers "no webhook" from memory, and a webhook written on this process counts for its next event', async () => {
      const user = await createUser(database.db, 'contributor');
      assert.deepEqual(await mayHave(database.db, user.id), []);
      const webhookId = await insertWebhookRow(database.db, user.id);
      assert.deepEqual(await mayHave(database.db, user.id), [user.id]);
      assert.equal(await eventReaches(database.db, user.id, webhookId), true);
    });

    it('a webhook written on one process reaches the events another process records', async () => {
      const user = await createUser(database.db, 'contributor');
      assert.deepEqual(await mayHave(other.db, user.id), []);
      const webhookId = await database.db.transaction().execute((trx) => insertWebhookRow(trx, user.id));
      await waitFor('the other process to hear of the new subscriber', async () =>
        (await mayHave(other.db, user.id)).includes(user.id),
      );
      assert.equal(await eventReaches(other.db, user.id, webhookId), true);
    });

    it('a webhook switched on again is heard of by a process that read the set while it was off', async () => {
      const user = await createUser(database.db, 'contributor');
      const webhookId = await insertWebhookRow(database.db, user.id);
      await updateWebhook(database.db, webhookId, { active: 0 }, new Date().toISOString());
      // A process started now reads the set without this user.
      const third = createDatabase({ url: database.url, ...(database.schema ? { schema: database.schema } : {}) });
      try {
        await subscribersKnown(third.db);
        assert.deepEqual(await mayHave(third.db, user.id), []);
        await database.db
          .transaction()
          .execute((trx) => updateWebhook(trx, webhookId, { active: 1 }, new Date().toISOString()));
        await waitFor('the third process to hear of the webhook switched on', async () =>
          (await mayHave(third.db, user.id)).includes(user.id),
        );
        assert.equal(await eventReaches(third.db, user.id, webhookId), true);
      } finally {
        await third.destroy();
      }
    });

    it('a webhook switched off receives nothing, though the set may still count its user', async () => {
      const user = await createUser(database.db, 'contributor');
      const webhookId = await insertWebhookRow(database.db, user.id);
      await updateWebhook(database.db, webhookId, { active: 0 }, new Date().toISOString());
      // The set only learns of users who gain a webhook: whether this one is still counted depends on when it was last
      // read (on SQLite another connection's commit drops it). Either way the webhooks of a counted user are read in
      // the write's transaction, never served from memory.
      assert.equal(await eventReaches(database.db, user.id, webhookId), false);
    });
  });
}
