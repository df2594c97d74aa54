import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { queueDigests } from '../../src/modules/notifications/notification-mail.service.ts';
import type { NotificationType } from '../../src/modules/notifications/notification-types.ts';
import { notify } from '../../src/modules/notifications/notify.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';
import { type SmtpCapture, startSmtpCapture } from '../helpers/smtp-capture.ts';
import { DELIVERY_ENV, startDelivering } from '../helpers/webhooks.ts';
import { waitFor } from '../jobs/wait-for.ts';

/**
 * Notification e-mail end to end, through a real SMTP server on loopback: `notify` writes the outbox row, the relay
 * and the engine's worker send instant mails; the digest job gathers the day's digest notifications in one mail.
 */
for (const dialect of testDialects()) {
  describe(`notification e-mail through SMTP [${dialect}]`, () => {
    let ctx: TestContext;
    let smtp: SmtpCapture;
    let delivering: { stop(): Promise<void> };
    before(async () => {
      smtp = await startSmtpCapture();
      ctx = await createTestContext(dialect, { ...DELIVERY_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'guild@example.test' });
      delivering = await startDelivering(ctx, ['notification.email', 'notification.digest']);
    });
    after(async () => {
      await delivering.stop();
      await ctx.close();
      await smtp.close();
    });

    const send = (userId: number, type: NotificationType, title: string) =>
      notify(ctx.db, {
        userId,
        type,
        title,
        message: `About ${title}.`,
        actionUrl: '/assignments/1',
        data: { assignment_id: 1 },
      });
    const mailsTo = (email: string) =>
      smtp.messages.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
    const owed = (userId: number) =>
      ctx.db.selectFrom('notification_mails').selectAll().where('user_id', '=', userId).execute();

    it('mails an instant type at once, with a link that opens it and a link to the settings', async () => {
      const { user } = await createAccount(ctx.db, 'contributor');
      await send(user.id, 'task_assignment', 'Invited to "Build the API"');
      const [mail] = await waitFor(
        'the instant mail',
        async () => mailsTo(user.email).length === 1 && mailsTo(user.email),
      );
      assert.equal(mail.subject, 'Guild: Invited to "Build the API"');
      assert.match(mail.text ?? '', /About Invited to "Build the API"\./);
      assert.match(mail.text ?? '', /http:\/\/localhost:3000\/notifications\/\d+\/open/);
      assert.match(mail.text ?? '', /http:\/\/localhost:3000\/settings\/notifications/);
      await waitFor('the row to go', async () => (await owed(user.id)).length === 0);
    });

    it('follows the preferences: off sends nothing, digest waits for the day’s digest', async () => {
      const { user, token } = await createAccount(ctx.db, 'contributor');
      const saved = await apiClient(ctx.app, token).put('/api/notifications/preferences', {
        preferences: [
          { type: 'task_assignment', email: 'off' },
          { type: 'team_invitation', email: 'digest' },
        ],
      });
      assert.equal(saved.statusCode, 200);
      await send(user.id, 'task_assignment', 'Quiet invitation');
      await send(user.id, 'team_invitation', 'Team one');
      await send(user.id, 'team_message', 'Hello team');
      // Both notifications stay in-app.
      const listed = await apiClient(ctx.app, token).get('/api/notifications');
      assert.equal(listed.data.meta.total, 3);
      const rows = await owed(user.id);
      assert.deepEqual(rows.map((row) => row.delivery).sort(), ['digest', 'digest']);

      // Not before the day is over (UTC).
      assert.deepEqual(await queueDigests(ctx.deps, new Date()), []);
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
      assert.deepEqual(await queueDigests(ctx.deps, tomorrow), [user.id]);
      assert.deepEqual(await queueDigests(ctx.deps, tomorrow), [], 'each row is queued once');
      const [digest] = await waitFor('the digest', async () => mailsTo(user.email).length === 1 && mailsTo(user.email));
      assert.equal(digest.subject, 'Guild: your daily digest, 2 notifications');
      const text = digest.text ?? '';
      assert.ok(text.indexOf('Team one') < text.indexOf('Hello team'), 'oldest first');
      assert.doesNotMatch(text, /Quiet invitation/);
      assert.match(text, /http:\/\/localhost:3000\/settings\/notifications/);
      await waitFor('the rows to go', async () => (await owed(user.id)).length === 0);
    });

    it('mails nobody whose address is unconfirmed or whose account is deactivated, and forgets their mails', async () => {
      const pending = await createAccount(ctx.db, 'company');
      await ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', pending.user.id).execute();
      const gone = await createAccount(ctx.db, 'company');
      await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.user.id).execute();
      const control = await createAccount(ctx.db, 'company');
      for (const account of [pending, gone, control]) await send(account.user.id, 'task_accepted', 'Accepted');
      await waitFor('the control mail', async () => mailsTo(control.user.email).length === 1);
      await waitFor(
        'the rows to go',
        async () => (await owed(pending.user.id)).length + (await owed(gone.user.id)).length === 0,
      );
      assert.equal(mailsTo(pending.user.email).length, 0);
      assert.equal(mailsTo(gone.user.email).length, 0);
    });

    it('keeps a notification’s mail when the notification rolls back with its change: none is sent', async () => {
      const { user } = await createAccount(ctx.db, 'contributor');
      await assert.rejects(
        ctx.db.transaction().execute(async (trx) => {
          await notify(trx, {
            userId: user.id,
            type: 'task_assignment',
            title: 'Never',
            message: 'Rolled back.',
            actionUrl: null,
            data: {},
          });
          throw new Error('the change failed');
        }),
      );
      assert.deepEqual(await owed(user.id), []);
    });

    it('retries a mail the server refused, and sends it once the server takes it', async () => {
      const { user } = await createAccount(ctx.db, 'contributor');
      smtp.refuse = true;
      await send(user.id, 'idea_scored', 'Scored while refused');
      const refusedBefore = smtp.refused;
      await waitFor('a refused attempt', async () => smtp.refused > refusedBefore);
      smtp.refuse = false;
      const [mail] = await waitFor(
        'the mail after a retry',
        async () => mailsTo(user.email).length === 1 && mailsTo(user.email),
        30_000,
      );
      assert.equal(mail.subject, 'Guild: Scored while refused');
    });
  });
}
