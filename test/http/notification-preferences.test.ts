import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NOTIFICATION_TYPE_NAMES, NOTIFICATION_TYPES } from '../../src/modules/notifications/notification-types.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createNotification } from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from '../web/contributor-session.ts';

type Preference = { type: string; email: string; default_email: string; label: string };

for (const dialect of testDialects()) {
  describe(`notification e-mail preferences and opening notifications [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** The PUT body for `{type: delivery}`. */
    const prefs = (choices: Record<string, unknown>) => ({
      preferences: Object.entries(choices).map(([type, email]) => ({ type, email })),
    });
    const passwordAccount = async () => {
      const account = await createAccount(ctx.db, 'contributor');
      await ctx.db
        .updateTable('users')
        .set(await withPassword())
        .where('id', '=', account.user.id)
        .execute();
      return account;
    };

    it('answers 401 without a token', async () => {
      const api = apiClient(ctx.app);
      assert.equal((await api.get('/api/notifications/preferences')).statusCode, 401);
      assert.equal((await api.put('/api/notifications/preferences', prefs({ team_message: 'off' }))).statusCode, 401);
    });

    it('lists every type of the registry with its default until the user chooses', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const response = await apiClient(ctx.app, token).get('/api/notifications/preferences');
      assert.equal(response.statusCode, 200);
      const preferences = response.data.preferences as Preference[];
      assert.deepEqual(
        preferences.map((preference) => preference.type),
        [...NOTIFICATION_TYPE_NAMES],
      );
      for (const preference of preferences) {
        const registered = NOTIFICATION_TYPES[preference.type as keyof typeof NOTIFICATION_TYPES];
        assert.equal(preference.email, registered.email);
        assert.equal(preference.default_email, registered.email);
        assert.equal(preference.label, registered.label);
      }
    });

    it('changes only the types given, per user, and keeps them', async () => {
      const me = await createAccount(ctx.db, 'contributor');
      const other = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, me.token);
      const saved = await api.put(
        '/api/notifications/preferences',
        prefs({ team_message: 'off', new_idea: 'instant' }),
      );
      assert.equal(saved.statusCode, 200);
      const byType = (body: { preferences: Preference[] }) =>
        Object.fromEntries(body.preferences.map((preference) => [preference.type, preference.email]));
      assert.equal(byType(saved.data).team_message, 'off');
      assert.equal(byType(saved.data).new_idea, 'instant');
      assert.equal(byType(saved.data).task_assignment, 'instant', 'untouched');
      const again = await api.put('/api/notifications/preferences', prefs({ team_message: 'digest' }));
      assert.equal(byType(again.data).team_message, 'digest');
      assert.equal(byType(again.data).new_idea, 'instant', 'kept');
      const theirs = await apiClient(ctx.app, other.token).get('/api/notifications/preferences');
      assert.equal(byType(theirs.data).new_idea, 'digest', "another user's are their own");
    });

    it('refuses unknown types and deliveries with 422 on the type, saving nothing', async () => {
      const { token } = await createAccount(ctx.db, 'company');
      const api = apiClient(ctx.app, token);
      const unknownType = await api.put(
        '/api/notifications/preferences',
        prefs({ team_mesage: 'off', new_idea: 'off' }),
      );
      assert.equal(unknownType.statusCode, 422);
      assert.match(unknownType.data.errors.team_mesage[0], /There is no notification type team_mesage/);
      const badDelivery = await api.put('/api/notifications/preferences', prefs({ new_idea: 'weekly' }));
      assert.equal(badDelivery.statusCode, 422);
      assert.equal(
        badDelivery.data.errors.new_idea[0],
        'The e-mail delivery of new_idea must be one of: instant, digest, off.',
      );
      const notText = await api.put('/api/notifications/preferences', prefs({ new_idea: 3 }));
      assert.equal(notText.statusCode, 422);
      const array = await api.put('/api/notifications/preferences', ['off']);
      assert.equal(array.statusCode, 422);
      const map = await api.put('/api/notifications/preferences', { preferences: { new_idea: 'off' } });
      assert.equal(map.statusCode, 422);
      // The list GET answers goes back as it is, with a change.
      const listed = (await api.get('/api/notifications/preferences')).data;
      const roundTrip = await api.put('/api/notifications/preferences', {
        preferences: listed.preferences.map((p: Preference) =>
          p.type === 'challenge_analyzed' ? { ...p, email: 'off' } : p,
        ),
      });
      assert.equal(roundTrip.statusCode, 200);
      assert.equal(
        (roundTrip.data.preferences as Preference[]).find((p) => p.type === 'challenge_analyzed')?.email,
        'off',
      );
      const current = await api.get('/api/notifications/preferences');
      assert.equal(
        (current.data.preferences as Preference[]).find((preference) => preference.type === 'new_idea')?.email,
        'digest',
      );
    });

    it('saves the settings page form (CSRF) and shows the choices back', async () => {
      const { user } = await passwordAccount();
      const client = await signedIn(ctx.app, user.email);
      const page = await client.get('/settings/notifications');
      assert.equal(page.statusCode, 200);
      assert.deepEqual(parsePage(page.body).headings(1), ['E-mail settings']);
      const posted = await client.submit('/settings/notifications', '/settings/notifications', {
        task_assignment: 'digest',
        team_message: 'off',
      });
      assert.equal(posted.statusCode, 303);
      assert.equal(posted.headers.location, '/settings/notifications');
      const shown = await client.follow(posted);
      assert.match(parsePage(shown.body).text, /Your e-mail settings are saved\./);
      assert.match(shown.body, /name="task_assignment" value="digest" checked/);
      assert.match(shown.body, /name="team_message" value="off" checked/);
      const bad = await client.submit('/settings/notifications', '/settings/notifications', { team_message: 'never' });
      assert.equal(bad.statusCode, 422);
      const noToken = await client.post('/settings/notifications', { team_message: 'instant' });
      assert.equal(noToken.statusCode, 403);
      const signedOut = await webClient(ctx.app).get('/settings/notifications');
      assert.equal(signedOut.statusCode, 303, 'signed out: to sign-in');
    });

    it('opening a notification marks it read and goes to its target; another’s is 404', async () => {
      const { user } = await passwordAccount();
      const other = await createAccount(ctx.db, 'contributor');
      const mine = await createNotification(ctx.db, user.id, { action_url: '/assignments/7' });
      const bare = await createNotification(ctx.db, user.id, { action_url: null });
      const theirs = await createNotification(ctx.db, other.user.id, {});
      const client = await signedIn(ctx.app, user.email);
      const list = parsePage((await client.get('/notifications')).body);
      assert.ok(list.hrefs().includes(`/notifications/${mine.id}/open`));
      const opened = await client.get(`/notifications/${mine.id}/open`);
      assert.equal(opened.statusCode, 303);
      assert.equal(opened.headers.location, '/assignments/7');
      const row = await ctx.db
        .selectFrom('notifications')
        .select('read_at')
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      assert.notEqual(row.read_at, null);
      assert.equal((await client.get(`/notifications/${bare.id}/open`)).headers.location, '/notifications');
      assert.equal((await client.get(`/notifications/${theirs.id}/open`)).statusCode, 404);
      assert.equal((await client.get('/notifications/abc/open')).statusCode, 404);
      const untouched = await ctx.db
        .selectFrom('notifications')
        .select('read_at')
        .where('id', '=', theirs.id)
        .executeTakeFirstOrThrow();
      assert.equal(untouched.read_at, null);
    });
  });
}
