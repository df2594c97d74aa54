import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import { rejectAssignment } from '../../src/modules/assignments/assignments.service.ts';
import { type AuthUser, authenticateToken } from '../../src/modules/auth/tokens.service.ts';
import { postMessage } from '../../src/modules/teams/teams.service.ts';
import { assignmentRow, assignmentScenario, notificationsOf } from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createTeam, createVolunteer } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-count.ts';

/**
 * The statements two frequent writes run (issue 11: the write path ≤ 1 ms CPU besides the queued job), counted at the
 * service with nobody subscribed to webhooks, so that a statement removed from them fails here when it comes back.
 * PostgreSQL runs one more per notification: `pg_notify`, which wakes the recipient's open streams on commit.
 */
for (const dialect of testDialects()) {
  describe(`statements of the frequent writes [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const announce = dialect === 'postgres' ? 1 : 0;
    /** One notification: kept counts, the row, the recipient's e-mail preference, its mail, its webhooks' lookup. */
    const oneNotification = 5 + announce;

    async function callerOf(token: string): Promise<AuthUser> {
      const caller = await authenticateToken(ctx.db, token);
      assert.ok(caller);
      return caller;
    }

    it('declining an invitation: no read of the assignment repeated inside its transaction', async () => {
      const scenario = await assignmentScenario(ctx.db);
      const caller = await callerOf(scenario.volunteer.token);
      const { result, queries } = await countQueries(ctx.db, (db: Db) =>
        rejectAssignment({ db, queue: ctx.deps.queue }, caller, scenario.assignment.id, 'Busy'),
      );
      assert.equal(result.status, 'declined');
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).decline_reason, 'Busy');
      assert.deepEqual(
        (await notificationsOf(ctx.db, scenario.company.user.id)).map((row) => row.type),
        ['task_declined'],
      );
      // The assignment's context (access check), the move, its webhook event's lookup, the company's notification,
      // the queued task.match job and the answer's read.
      assert.equal(queries, 1 + 1 + 1 + oneNotification + 1 + 1);
    });

    it('a team message: the members read once for the webhook event and the notifications', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const members = [await createVolunteer(ctx.db), await createVolunteer(ctx.db), await createVolunteer(ctx.db)];
      const team = await createTeam(
        ctx.db,
        challenge.id,
        members.map((member) => ({ volunteerId: member.volunteer.id })),
      );
      const author = await callerOf(members[0].token);
      const { result, queries } = await countQueries(ctx.db, (db: Db) =>
        postMessage(db, author, team.id, 'Shall we meet on Monday?'),
      );
      assert.equal(result.message, 'Shall we meet on Monday?');
      for (const other of members.slice(1)) {
        assert.deepEqual(
          (await notificationsOf(ctx.db, other.user.id)).map((row) => row.type),
          ['team_message'],
        );
      }
      assert.deepEqual(await notificationsOf(ctx.db, members[0].user.id), []);
      // The caller's membership (access check), the message, the members, their webhooks' lookup,
      // and a notification to each of the two other members.
      assert.equal(queries, 1 + 1 + 1 + 1 + 2 * oneNotification);
    });
  });
}
