import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import { rejectAssignment } from '../../src/modules/assignments/assignments.service.ts';
import { type AuthUser, authenticateToken } from '../../src/modules/auth/tokens.service.ts';
import { createChallenge as submitChallenge } from '../../src/modules/challenges/challenges.service.ts';
import { postMessage } from '../../src/modules/teams/teams.service.ts';
import { recordEvent } from '../../src/modules/webhooks/webhook-events.ts';
import { activeWebhooksOfUsers, insertWebhook } from '../../src/modules/webhooks/webhooks.repository.ts';
import { assignmentRow, assignmentScenario, notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createChallenge,
  createCompany,
  createNotification,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-count.ts';
import { insertWebhookRow, subscribersKnown } from '../helpers/webhooks.ts';

/**
 * The statements two frequent writes run (issue 11: the write path ≤ 1 ms CPU besides the queued job), counted at the
 * service with nobody subscribed to webhooks, so that a statement removed from them fails here when it comes back.
 * Each statement on PostgreSQL is a round trip that costs the process CPU: the notifications' writes are one there.
 */
for (const dialect of testDialects()) {
  describe(`statements of the frequent writes [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
      await subscribersKnown(ctx.db);
    });
    after(() => ctx.close());

    /**
     * Notifications sent together, whatever their number: on SQLite the recipients' e-mail choices, the kept counts,
     * the rows and the mails, one statement each; on PostgreSQL one statement, which also reads the e-mail choices
     * and announces each notification (`pg_notify`, delivered on commit to the recipients' open streams). No
     * recipient here has a webhook, which the process knows without a lookup (webhook-subscribers.ts).
     */
    const notifications = dialect === 'postgres' ? 1 : 4;

    async function callerOf(token: string): Promise<AuthUser> {
      const caller = await authenticateToken(ctx.db, token);
      assert.ok(caller);
      return caller;
    }

    it('declining an invitation: no read of the assignment repeated, all of it in one transaction', async () => {
      const scenario = await assignmentScenario(ctx.db);
      const caller = await callerOf(scenario.volunteer.token);
      const { result, queries, outsideTransactions } = await countQueries(ctx.db, (db: Db) =>
        rejectAssignment({ db, queue: ctx.deps.queue }, caller, scenario.assignment.id, 'Busy'),
      );
      assert.equal(result.status, 'declined');
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).decline_reason, 'Busy');
      assert.deepEqual(
        (await notificationsOf(ctx.db, scenario.company.user.id)).map((row) => row.type),
        ['task_declined'],
      );
      // The assignment's context (access check, which reads what the answer shows), the move (which returns the
      // moved row, so the answer is not read again), the company's notification and the queued task.match job; no
      // webhook lookup, for neither party has a webhook.
      assert.equal(queries, 1 + 1 + notifications + 1);
      // The access check too: one connection for the request.
      assert.equal(outsideTransactions, 0);
    });

    it("submitting a challenge: the company's user is the caller, not read again for the webhook event", async () => {
      const company = await createCompany(ctx.db);
      const caller = await callerOf(company.token);
      const { result, queries, outsideTransactions } = await countQueries(ctx.db, (db: Db) =>
        submitChallenge({ db, queue: ctx.deps.queue }, caller, {
          title: 'Counted statements',
          description: 'A brief long enough to be submitted, about counting the statements of a write.',
        }),
      );
      assert.equal(result.title, 'Counted statements');
      // The insert, which returns the challenge as the answer shows it, and the queued analysis job: the company
      // has no webhook yet.
      assert.equal(queries, 1 + 1);
      assert.equal(outsideTransactions, 0);
      const hookId = await insertWebhookRow(ctx.db, company.user.id, { events: ['challenge.status_changed'] });
      const second = await submitChallenge({ db: ctx.db, queue: ctx.deps.queue }, caller, {
        title: 'Heard by the webhook',
        description: 'A brief long enough to be submitted, whose submission the company webhook hears of.',
      });
      const deliveries = await ctx.db
        .selectFrom('webhook_deliveries')
        .select('body')
        .where('webhook_id', '=', hookId)
        .execute();
      assert.deepEqual(
        deliveries.map((row) => JSON.parse(row.body).data.id),
        [second.id],
      );
    });

    it("a decline's event and notification reach each party's webhooks from one lookup", async () => {
      const scenario = await assignmentScenario(ctx.db);
      const companyHook = await insertWebhookRow(ctx.db, scenario.company.user.id, { events: ['*'] });
      const contributorHook = await insertWebhookRow(ctx.db, scenario.volunteer.user.id, { events: ['*'] });
      const caller = await callerOf(scenario.volunteer.token);
      await rejectAssignment({ db: ctx.db, queue: ctx.deps.queue }, caller, scenario.assignment.id, null);
      const eventsOf = async (webhookId: number) =>
        (
          await ctx.db
            .selectFrom('webhook_deliveries')
            .select('event_type')
            .where('webhook_id', '=', webhookId)
            .orderBy('id')
            .execute()
        ).map((row) => row.event_type);
      assert.deepEqual(await eventsOf(companyHook), ['assignment.status_changed', 'notification.created']);
      assert.deepEqual(await eventsOf(contributorHook), ['assignment.status_changed']);
    });

    it('a webhook the transaction itself adds after a lookup receives its later events', async () => {
      const user = await createVolunteer(ctx.db);
      const hookIds = await ctx.db.transaction().execute(async (trx) => {
        assert.deepEqual(await activeWebhooksOfUsers(trx, [user.user.id]), []);
        const hook = await insertWebhook(trx, {
          user_id: user.user.id,
          url: 'https://hooks.example.com/later',
          events: JSON.stringify(['*']),
          description: null,
          secret: 'whsec_test',
          now: new Date().toISOString(),
        });
        await recordEvent(trx, {
          type: 'notification.created',
          recipients: [user.user.id],
          data: async () => ({ id: 1 }),
        });
        return { hook: hook.id, seen: (await activeWebhooksOfUsers(trx, [user.user.id])).map((row) => row.id) };
      });
      assert.deepEqual(hookIds.seen, [hookIds.hook]);
      const delivered = await ctx.db
        .selectFrom('webhook_deliveries')
        .select('event_type')
        .where('webhook_id', '=', hookIds.hook)
        .execute();
      assert.deepEqual(
        delivered.map((row) => row.event_type),
        ['notification.created'],
      );
    });

    it('a team message: the members read with the access check, their notifications written together, in one transaction', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const members = [await createVolunteer(ctx.db), await createVolunteer(ctx.db), await createVolunteer(ctx.db)];
      const team = await createTeam(
        ctx.db,
        challenge.id,
        members.map((member) => ({ volunteerId: member.volunteer.id })),
      );
      const author = await callerOf(members[0].token);
      const { result, queries, outsideTransactions } = await countQueries(ctx.db, (db: Db) =>
        postMessage(db, author, team.id, 'Shall we meet on Monday?'),
      );
      assert.equal(outsideTransactions, 0);
      assert.equal(result.message, 'Shall we meet on Monday?');
      for (const other of members.slice(1)) {
        assert.deepEqual(
          (await notificationsOf(ctx.db, other.user.id)).map((row) => row.type),
          ['team_message'],
        );
      }
      assert.deepEqual(await notificationsOf(ctx.db, members[0].user.id), []);
      // The caller's membership (access check) with the members, the message and the notifications of the two other
      // members, together; no webhook lookup, for no member has a webhook.
      assert.equal(queries, 1 + 1 + notifications);
    });

    it("a message's notifications, written together, keep each member's count, e-mail choice and webhook", async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const [author, instant, off, byDefault] = [
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
      ];
      const team = await createTeam(
        ctx.db,
        challenge.id,
        [author, instant, off, byDefault].map((member) => ({ volunteerId: member.volunteer.id })),
      );
      for (const [member, email] of [
        [instant, 'instant'],
        [off, 'off'],
      ] as const) {
        const saved = await apiClient(ctx.app, member.token).put('/api/notifications/preferences', {
          preferences: [{ type: 'team_message', email }],
        });
        assert.equal(saved.statusCode, 200);
      }
      // One member has a counts row already (an unread notification from before): the upsert adds to it.
      await createNotification(ctx.db, byDefault.user.id);
      const hookId = await insertWebhookRow(ctx.db, instant.user.id);

      const posted = await apiClient(ctx.app, author.token).post(`/api/teams/${team.id}/messages`, {
        message: 'Shall we meet on Monday?',
      });
      assert.equal(posted.statusCode, 201);

      const unread = async (member: typeof author) =>
        (await apiClient(ctx.app, member.token).get('/api/notifications/unread-count')).data.unread_count;
      assert.deepEqual(
        [await unread(author), await unread(instant), await unread(off), await unread(byDefault)],
        [0, 1, 1, 2],
      );
      const mails = await ctx.db
        .selectFrom('notification_mails')
        .innerJoin('notifications', 'notifications.id', 'notification_mails.notification_id')
        .select(['notification_mails.user_id', 'notification_mails.delivery', 'notifications.type'])
        .where('notifications.type', '=', 'team_message')
        .where('notification_mails.user_id', 'in', [instant.user.id, off.user.id, byDefault.user.id])
        .orderBy('notification_mails.user_id')
        .execute();
      assert.deepEqual(
        mails.map((row) => ({ ...row })),
        [
          { user_id: instant.user.id, delivery: 'instant', type: 'team_message' },
          { user_id: byDefault.user.id, delivery: 'digest', type: 'team_message' },
        ],
      );
      const [instantsNotification] = await notificationsOf(ctx.db, instant.user.id);
      const deliveries = await ctx.db
        .selectFrom('webhook_deliveries')
        .select('body')
        .where('webhook_id', '=', hookId)
        .execute();
      assert.deepEqual(
        deliveries.map((row) => {
          const event = JSON.parse(row.body);
          return [event.type, event.data.id, event.data.type];
        }),
        [['notification.created', instantsNotification.id, 'team_message']],
      );
    });
  });
}
