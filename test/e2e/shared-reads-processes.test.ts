import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import { notify } from '../../src/modules/notifications/notify.ts';
import { testDialects } from '../helpers/context.ts';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createIdea,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { Cleanup, startTwoApis } from './e2e-world.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * The kept bodies of the shared reads (docs/api.md, Shared reads) across processes: each API process keeps its own,
 * and a write through one process shows on the next read of the other, whose kept body is then stale. The same for
 * a contributor's own pages and a user's notification pages kept whole (src/http/user-pages.ts).
 */
for (const dialect of testDialects()) {
  describe(`shared reads across two API processes [${dialect}]`, () => {
    const cleanup = new Cleanup();
    let servers: ServerProcess[];
    let db: Db;
    before(async () => {
      ({ servers, db } = await startTwoApis(dialect, cleanup, 'reads'));
    });
    after(() => cleanup.run());

    const call = async (server: ServerProcess, token: string, path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      });
      assert.equal(response.status, 200, `${path}: ${response.status}`);
      return (await response.json()) as any;
    };

    it("shows each process's writes on the other's next read of the list, a challenge and its ideas", async () => {
      const owner = await createCompany(db);
      const reader = await createVolunteer(db);
      const voter = await createVolunteer(db);
      const author = await createVolunteer(db);
      const challenge = await createChallenge(db, owner.company.id, { challenge_type: 'community_discussion' });
      const idea = await createIdea(db, challenge.id, author.volunteer.id);
      const list = '/api/challenges?per_page=5';
      const detail = `/api/challenges/${challenge.id}`;
      const ideas = `/api/challenges/${challenge.id}/ideas`;
      // Both processes read everything twice: their bodies are kept.
      for (const server of servers) {
        for (let round = 0; round < 2; round++) {
          for (const path of [list, detail, ideas]) await call(server, reader.token, path);
        }
      }

      await call(servers[0], owner.token, detail, {
        method: 'PUT',
        body: JSON.stringify({ refined_brief: 'Edited through the first process.' }),
      });
      const shownBySecond = await call(servers[1], reader.token, detail);
      assert.equal(shownBySecond.refined_brief, 'Edited through the first process.');
      const listedBySecond = await call(servers[1], reader.token, list);
      assert.equal(listedBySecond.data[0].refined_brief, 'Edited through the first process.');

      await call(servers[1], voter.token, `/api/ideas/${idea.id}/vote`, {
        method: 'POST',
        body: JSON.stringify({ vote: 1 }),
      });
      const ideasOfFirst = await call(servers[0], reader.token, ideas);
      assert.equal(ideasOfFirst.data[0].votes_up, 1);
      const detailOfFirst = await call(servers[0], reader.token, detail);
      assert.equal(detailOfFirst.ideas[0].votes_up, 1);
    });

    it("shows a contributor's accepted invitation on the other process's next read of their own pages", async () => {
      const owner = await createCompany(db);
      const challenge = await createChallenge(db, owner.company.id, { status: 'active' });
      const task = await createTask(db, challenge.id);
      const me = await createVolunteer(db);
      const invitation = await createAssignment(db, task.id, me.volunteer.id, { status: 'invited' });
      const pages = ['/api/assignments', '/api/tasks/my-tasks'];
      for (const server of servers) {
        for (let round = 0; round < 2; round++) for (const path of pages) await call(server, me.token, path);
      }
      await call(servers[0], me.token, `/api/assignments/${invitation.id}/accept`, { method: 'POST', body: '{}' });
      const assignments = await call(servers[1], me.token, pages[0]!);
      assert.equal(assignments.data[0].status, 'accepted');
      const myTasks = await call(servers[1], me.token, pages[1]!);
      assert.equal(myTasks.data[0].my_assignment.status, 'accepted');
    });

    it("shows a notification read through one process on the other's next read of the notification pages", async () => {
      const me = await createVolunteer(db);
      const owner = await createCompany(db);
      const challenge = await createChallenge(db, owner.company.id, { status: 'active' });
      await notify(db, {
        userId: me.user.id,
        type: 'challenge_analyzed',
        title: 'Analysed',
        message: 'Read me.',
        actionUrl: null,
        data: { challenge_id: challenge.id },
      });
      const pages = ['/api/notifications', '/api/notifications?unread_only=true'];
      for (const server of servers) {
        for (let round = 0; round < 2; round++) for (const path of pages) await call(server, me.token, path);
      }
      const [first] = (await call(servers[0], me.token, pages[0]!)).data;
      await call(servers[0], me.token, `/api/notifications/${first.id}/mark-read`, { method: 'POST', body: '{}' });
      const all = await call(servers[1], me.token, pages[0]!);
      assert.equal(all.data[0].is_read, true);
      assert.equal(all.unread_count, 0);
      const unread = await call(servers[1], me.token, pages[1]!);
      assert.deepEqual(unread.data, []);
    });
  });
}
