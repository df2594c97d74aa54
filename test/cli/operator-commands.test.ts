import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import { testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createUser, createVolunteer } from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { testRegistry } from '../jobs/test-registry.ts';
import { waitFor } from '../jobs/wait-for.ts';
import { type CliWorld, createCliWorld } from './cli-harness.ts';

const FAILURE = 1;
const USAGE = 2;
const silent = { info() {}, warn() {}, error() {} };

/** `guild jobs:status`, `cv:reanalyze` and `brief:reanalyze` (child processes) on each engine's queue. */
for (const dialect of testDialects()) {
  describe(`guild operator commands [${dialect}]`, () => {
    let world: CliWorld;
    let deps: AppDeps;

    before(async () => {
      world = await createCliWorld(dialect);
      const migrated = await world.guild(['migrate']);
      assert.equal(migrated.code, 0, migrated.stderr);
      deps = await createDeps(loadConfig({ ...world.env, WORKER_POLL_MS: '20' }), { db: world.db, dialect });
      await deps.queue.start(silent);
    });
    after(async () => {
      await deps.queue.stop();
      await world.close();
    });

    const cvStatus = async (volunteerId: number) =>
      (
        await world.db
          .selectFrom('volunteers')
          .select('ai_analysis_status')
          .where('id', '=', volunteerId)
          .executeTakeFirstOrThrow()
      ).ai_analysis_status;
    const withCv = (status: string) => ({
      volunteer: { cv_storage_key: `cvs/${status}.pdf`, cv_file_name: 'cv.pdf', ai_analysis_status: status },
    });

    it('queues the CV analysis again for one contributor or for everyone with a CV, and says how many', async () => {
      const alice = await createVolunteer(world.db, withCv('completed'));
      const bob = await createVolunteer(world.db, withCv('failed'));
      const noCv = await createVolunteer(world.db);

      const one = await world.guild(['cv:reanalyze', '--email', ` ${alice.user.email} `]);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(one.stdout, 'Queued 1 CV analysis job.\n');
      assert.equal(await cvStatus(alice.volunteer.id), 'pending', 'the analysis will run: it is pending again');
      assert.deepEqual(
        (await queuedJobs({ deps }, 'volunteer.analyze-cv')).map((job) => job.payload),
        [{ volunteerId: alice.volunteer.id }],
      );

      const all = await world.guild(['cv:reanalyze', '--all']);
      assert.equal(all.code, 0, all.stderr);
      assert.equal(all.stdout, 'Queued 2 CV analysis jobs.\n');
      assert.deepEqual(
        (await queuedJobs({ deps }, 'volunteer.analyze-cv')).map((job) => job.payload.volunteerId).sort(),
        [alice.volunteer.id, alice.volunteer.id, bob.volunteer.id].sort(),
      );
      assert.equal(await cvStatus(bob.volunteer.id), 'pending');

      const none = await world.guild(['cv:reanalyze', '--email', noCv.user.email]);
      assert.equal(none.code, FAILURE);
      assert.equal(none.stderr.trim(), `guild cv:reanalyze: ${noCv.user.email} has not uploaded a CV.`);
      const company = await createUser(world.db, 'company');
      const notContributor = await world.guild(['cv:reanalyze', '--email', company.email]);
      assert.equal(notContributor.code, FAILURE);
      assert.match(notContributor.stderr, /has no contributor profile, so no CV\./);
      const nobody = await world.guild(['cv:reanalyze', '--email', 'nobody@example.test']);
      assert.equal(nobody.code, FAILURE);
      assert.match(nobody.stderr, /No user has the email nobody@example\.test\./);
      const both = await world.guild(['cv:reanalyze', '--all', '--email', alice.user.email]);
      assert.equal(both.code, USAGE);
    });

    const challengeRow = (id: number) =>
      world.db
        .selectFrom('challenges')
        .select(['status', 'ai_analysis_status', 'rejection_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('queues the brief analysis again for challenges awaiting it or rejected, refusing those with tasks', async () => {
      const { company } = await createCompany(world.db);
      const waiting = await createChallenge(world.db, company.id, { status: 'submitted' });
      const analysing = await createChallenge(world.db, company.id, { status: 'analyzing' });
      const active = await createChallenge(world.db, company.id, { status: 'active' });
      const rejected = await createChallenge(world.db, company.id, {
        status: 'rejected',
        ai_analysis_status: 'completed',
        rejection_reason: 'The brief does not describe a challenge contributors can act on.',
      });

      const one = await world.guild(['brief:reanalyze', '--challenge', String(waiting.id)]);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(one.stdout, 'Queued 1 brief analysis job.\n');

      // A rejected brief waits for its analysis again, without the old reason, so the improved analyzer decides anew.
      const reconsidered = await world.guild(['brief:reanalyze', '--challenge', String(rejected.id)]);
      assert.equal(reconsidered.code, 0, reconsidered.stderr);
      assert.equal(reconsidered.stdout, 'Queued 1 brief analysis job.\n');
      assert.deepEqual(
        { ...(await challengeRow(rejected.id)) },
        {
          status: 'submitted',
          ai_analysis_status: 'pending',
          rejection_reason: null,
        },
      );
      assert.equal((await challengeRow(active.id)).status, 'active');

      const refused = await world.guild(['brief:reanalyze', '--challenge', String(active.id)]);
      assert.equal(refused.code, FAILURE);
      assert.match(refused.stderr, new RegExp(`No challenge ${active.id} is awaiting its analysis or was rejected`));

      const all = await world.guild(['brief:reanalyze', '--all']);
      assert.equal(all.stdout, 'Queued 3 brief analysis jobs.\n');
      assert.deepEqual(
        // Jobs queued in one transaction have no order between them on pg-boss.
        (await queuedJobs({ deps }, 'challenge.analyze')).map((job) => job.payload.challengeId).sort(),
        [waiting.id, waiting.id, rejected.id, rejected.id, analysing.id].sort(),
      );
      const bad = await world.guild(['brief:reanalyze', '--challenge', 'x1']);
      assert.equal(bad.code, USAGE);
      assert.match(bad.stderr, /The option --challenge must be a challenge id, a positive integer \(got "x1"\)\./);
    });

    it('counts the jobs of each name in each state, with the totals', async () => {
      // Of the jobs queued above: one CV analysis completes, one fails for good, the rest wait.
      const registry = testRegistry({
        'volunteer.analyze-cv': { handle: async () => {} },
        'challenge.analyze': {
          handle: async () => {
            throw new Error('the analyzer is away');
          },
        },
      });
      const [firstBrief] = await queuedJobs({ deps }, 'challenge.analyze');
      await deps.queue.enqueue(
        world.db,
        'challenge.analyze',
        { challengeId: firstBrief.payload.challengeId },
        {
          maxAttempts: 1,
        },
      );
      const worker = await deps.queue.startWorker(registry, deps, silent, { concurrency: 1 });
      try {
        await waitFor('the jobs to run', async () => {
          const cv = await queuedJobs({ deps }, 'volunteer.analyze-cv');
          return (await deps.queue.listFailed()).length === 1 && cv.every((job) => job.status === 'completed');
        });
      } finally {
        await worker.stop();
      }
      const status = await world.guild(['jobs:status']);
      assert.equal(status.code, 0, status.stderr);
      const rows = status.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/\s+/));
      assert.deepEqual(rows[0], ['NAME', 'PENDING', 'RUNNING', 'FAILED', 'COMPLETED']);
      const row = (name: string) =>
        rows
          .find((cells) => cells[0] === name)
          ?.slice(1)
          .map(Number);
      assert.deepEqual(row('volunteer.analyze-cv'), [0, 0, 0, 3]);
      const briefs = row('challenge.analyze')!;
      assert.equal(briefs[2], 1, 'the job queued with one attempt failed for good');
      assert.equal(
        briefs.reduce((sum, count) => sum + count, 0),
        6,
      );
      const total = rows.at(-1)!;
      assert.equal(total[0], 'TOTAL');
      assert.equal(Number(total[4]), 3 + (row('challenge.analyze.on-failed')?.[3] ?? 0), 'completed jobs in all');
    });
  });
}
