import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addTaskToFeeds, removeTaskFromFeeds } from '../../src/modules/tasks/task-fit.repository.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import {
  assertKeptEqualsRendered as assertKeptReads,
  itAnswersWhatItRendersAfterEachWrite,
  type ReadAnswer,
} from '../helpers/kept-reads.ts';

/**
 * A contributor's own pages — the feed, my-tasks, their assignments — are kept whole by each process and sent again
 * while the version of what they depend on stands (src/http/user-pages.ts; migration 0034 for their own rows, 0032
 * for the challenges they name). After any write that changes one, every page answers exactly what it answers with
 * nothing kept: a write whose bump is missing leaves a page stale, and fails here.
 */

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld(ctx: TestContext) {
  const owner = await createCompany(ctx.db);
  const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
  const elsewhere = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
  const skill = `Own-${challenge.id}`;
  const reader = await createVolunteer(ctx.db);
  const second = await createVolunteer(ctx.db);
  for (const person of [reader, second]) await addVolunteerSkill(ctx.db, person.volunteer.id, skill);
  const open = await createTask(ctx.db, challenge.id, { skills: [skill] });
  await createTask(ctx.db, elsewhere.id, { skills: [skill] });
  await createTask(ctx.db, challenge.id, { skills: [skill] });
  const held = await createTask(ctx.db, challenge.id, { skills: [skill] });
  const working = await createAssignment(ctx.db, held.id, reader.volunteer.id, { status: 'in_progress' });
  const invitedTask = await createTask(ctx.db, elsewhere.id, { skills: [skill] });
  const invitation = await createAssignment(ctx.db, invitedTask.id, reader.volunteer.id, { status: 'invited' });
  await createAssignment(ctx.db, open.id, second.volunteer.id, { status: 'invited' });
  await handIn(ctx, working.id, 0);
  const paths = [
    '/api/tasks/available',
    '/api/tasks/available?per_page=2&page=2',
    '/api/tasks/my-tasks',
    '/api/assignments',
    '/api/assignments?per_page=1&page=2',
  ];
  return {
    owner,
    challenge,
    elsewhere,
    skill,
    reader,
    second,
    tasks: { open, held, invitedTask },
    working,
    invitation,
    reads: [reader.token, second.token].flatMap((token) => paths.map((path) => ({ token, path }))),
    step: 0,
  };
}

const answeredOk = (answer: ReadAnswer) => assert.equal(answer.status, 200, answer.body);

function assertKeptEqualsRendered(ctx: TestContext, world: World, afterWrite: string) {
  return assertKeptReads(ctx.app, world.reads, afterWrite, {
    forget: () => {
      ctx.deps.sharedReads.clear();
      ctx.deps.keptItems.clear();
    },
    eachAnswer: answeredOk,
  });
}

const now = () => new Date().toISOString();

function handIn(ctx: TestContext, assignmentId: number, version: number) {
  return ctx.db
    .insertInto('submissions')
    .values({
      assignment_id: assignmentId,
      description: `Version ${version}`,
      deliverable_url: null,
      hours_worked: version + 1,
      status: 'submitted',
      created_at: now(),
      reviewed_at: null,
    })
    .execute();
}

/** Every kind of write that changes one of these pages; through the API where it has one, else the rows. */
const WRITES: Record<string, (ctx: TestContext, world: World) => Promise<unknown>> = {
  'a task opens in the feeds': async (ctx, w) =>
    createTask(ctx.db, w.step % 2 === 0 ? w.challenge.id : w.elsewhere.id, { skills: [w.skill] }),
  'a task leaves the feeds, or comes back': async (ctx, w) => {
    const fits = await ctx.db.selectFrom('task_fit').select('task_id').where('task_id', '=', w.tasks.open.id).execute();
    await (fits.length > 0 ? removeTaskFromFeeds : addTaskToFeeds)(ctx.db, w.tasks.open.id);
  },
  'the reader is invited': async (ctx, w) => {
    const task = await createTask(ctx.db, w.challenge.id, { skills: [w.skill] });
    return createAssignment(ctx.db, task.id, w.reader.volunteer.id, { status: 'invited' });
  },
  'an invitation accepted (API)': (ctx, w) =>
    apiClient(ctx.app, w.reader.token).post(`/api/assignments/${w.invitation.id}/accept`, {}),
  'an assignment row moved': (ctx, w) =>
    ctx.db
      .updateTable('assignments')
      .set({ status: w.step % 2 === 0 ? 'submitted' : 'in_progress', actual_hours: w.step })
      .where('id', '=', w.working.id)
      .execute(),
  'a submission handed in': (ctx, w) => handIn(ctx, w.working.id, w.step + 1),
  'a submission reviewed': (ctx, w) =>
    ctx.db
      .updateTable('submissions')
      .set({ status: 'revision_requested', review_note: `Note ${w.step}`, reviewed_at: now() })
      .where('assignment_id', '=', w.working.id)
      .execute(),
  'an attachment added': async (ctx, w) => {
    const submission = await ctx.db
      .selectFrom('submissions')
      .select('id')
      .where('assignment_id', '=', w.working.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!submission) return;
    await ctx.db
      .insertInto('submission_attachments')
      .values({
        submission_id: submission.id,
        file_name: `notes-${w.step}.pdf`,
        storage_key: `k-${w.step}-${submission.id}`,
        size: 100 + w.step,
        content_type: 'application/pdf',
        created_at: now(),
      })
      .execute();
  },
  'an attachment removed': (ctx, w) =>
    ctx.db
      .deleteFrom('submission_attachments')
      .where('submission_id', 'in', (eb) =>
        eb.selectFrom('submissions').select('id').where('assignment_id', '=', w.working.id),
      )
      .execute(),
  'a submission removed': (ctx, w) =>
    ctx.db.deleteFrom('submissions').where('assignment_id', '=', w.working.id).execute(),
  'the reader renamed': (ctx, w) =>
    ctx.db
      .updateTable('users')
      .set({ name: `Reader ${w.step}` })
      .where('id', '=', w.reader.user.id)
      .execute(),
  'the reader gains reputation': (ctx, w) =>
    ctx.db
      .updateTable('volunteers')
      .set({ reputation_score: 10 + w.step })
      .where('id', '=', w.reader.volunteer.id)
      .execute(),
  'a task renamed': (ctx, w) =>
    ctx.db
      .updateTable('tasks')
      .set({ title: `Held ${w.step}` })
      .where('id', '=', w.tasks.held.id)
      .execute(),
  'a challenge renamed': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set({ title: `Elsewhere ${w.step}` })
      .where('id', '=', w.elsewhere.id)
      .execute(),
  'an assignment removed': (ctx, w) =>
    ctx.db.deleteFrom('assignments').where('task_id', '=', w.tasks.invitedTask.id).execute(),
  "the reader's skills change": (ctx, w) => addVolunteerSkill(ctx.db, w.reader.volunteer.id, `Own-extra-${w.step}`),
};

for (const dialect of testDialects()) {
  describe(`kept pages of one contributor [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('sends each page kept whole while nothing changed, with one statement', async () => {
      const world = await buildWorld(ctx);
      await assertKeptEqualsRendered(ctx, world, 'nothing');
      const { hits, misses } = ctx.deps.sharedReads;
      await assertKeptReads(ctx.app, world.reads, 'nothing again', { forget: () => {}, eachAnswer: answeredOk });
      assert.equal(ctx.deps.sharedReads.misses, misses, 'nothing rendered again');
      assert.ok(ctx.deps.sharedReads.hits >= hits + world.reads.length);
    });

    itAnswersWhatItRendersAfterEachWrite(() => ctx, WRITES, buildWorld, assertKeptEqualsRendered);

    it('keeps no page of a company, of a filtered list, or of a contributor without a profile', async () => {
      const world = await buildWorld(ctx);
      const newcomer = await createAccount(ctx.db, 'contributor');
      const reads = [
        { token: world.owner.token, path: '/api/assignments' },
        { token: world.reader.token, path: `/api/assignments?challenge_id=${world.challenge.id}` },
        ...['/api/tasks/available', '/api/tasks/my-tasks', '/api/assignments'].map((path) => ({
          token: newcomer.token,
          path,
        })),
      ];
      const before = ctx.deps.sharedReads.hits;
      for (const read of [...reads, ...reads]) {
        assert.equal((await apiClient(ctx.app, read.token).get(read.path)).statusCode, 200, read.path);
      }
      assert.equal(ctx.deps.sharedReads.hits, before, 'rendered every time');
    });
  });
}
