import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkJobRegistry, defineJobRegistry, type JobRegistry } from '../../src/jobs/job-definition.ts';
import { JOB_NAMES, JOBS, payloadProblem } from '../../src/jobs/job-names.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const noop = { handle: async () => {} };

/** A registry of no-op definitions for `names`, whatever its type says. */
const registryOf = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, noop])) as unknown as JobRegistry<unknown>;

describe('the job contract', () => {
  it('gives every job name a definition in the registry the entry points run', () => {
    assert.deepEqual(Object.keys(jobRegistry).toSorted(), [...JOB_NAMES].toSorted());
    for (const name of JOB_NAMES) assert.equal(typeof jobRegistry[name].handle, 'function', name);
    assert.doesNotThrow(() => checkJobRegistry(jobRegistry));
  });

  it('derives the job names from the one job list', () => {
    assert.deepEqual(JOB_NAMES, Object.keys(JOBS));
    assert.deepEqual(JOB_NAMES, [
      'challenge.analyze',
      'volunteer.analyze-cv',
      'idea.score',
      'task.match',
      'volunteer.match',
      'challenge.form-team',
      'webhook.deliver',
      'notification.email',
      'notification.digest',
      'notifications.queue-digests',
      'idempotency.purge-expired',
      'webhooks.purge-deliveries',
      'storage.sweep-orphans',
      'task-fit.refill',
      'assignments.expire-invitations',
    ]);
  });

  it('does not compile a registry that leaves a job out', () => {
    const { 'idea.score': _left, ...rest } = registryOf(JOB_NAMES);
    // @ts-expect-error: 'idea.score' is missing, and every job needs a definition.
    const incomplete: JobRegistry<unknown> = rest;
    assert.throws(() => defineJobRegistry(incomplete), {
      message:
        'The job registry has no definition for idea.score: every job in src/jobs/job-names.ts needs exactly one definition.',
    });
  });

  it('stops a registry built at run time that lacks a job, has one without a handler, or names no job', () => {
    const withoutHandler = { ...registryOf(JOB_NAMES), 'task.match': {} };
    assert.throws(() => checkJobRegistry(withoutHandler), /has no definition for task\.match:/);
    assert.throws(() => defineJobRegistry(registryOf([...JOB_NAMES, 'idea.rank'])), {
      message:
        'The job registry defines idea.rank, which no job is called: every job in src/jobs/job-names.ts needs exactly one definition.',
    });
    const given = ['challenge.analyze', 'volunteer.analyze-cv', 'idea.score'];
    // Every job after the first three, in the order of the job list (the list grows; the sentence follows it).
    const missing = JOB_NAMES.filter((name) => !given.includes(name));
    assert.equal(missing[0], 'task.match');
    assert.throws(() => checkJobRegistry(registryOf([...given, 'idea.rank'])), {
      message:
        `The job registry has no definition for ${missing.join(', ')} and defines idea.rank, which no job is ` +
        'called: every job in src/jobs/job-names.ts needs exactly one definition.',
    });
    assert.ok(Object.isFrozen(defineJobRegistry(registryOf(JOB_NAMES))));
  });

  it('checks payloads against their schema and says what is wrong', () => {
    assert.equal(payloadProblem('task.match', { taskId: 3 }), null);
    assert.equal(payloadProblem('task.match', { taskId: 3, reason: 'declined' }), null, 'extra fields are allowed');
    assert.equal(
      payloadProblem('task.match', { taskId: 0 }),
      'The payload of this task.match job is invalid (/taskId must be >= 1): {"taskId":0}.',
    );
    assert.equal(
      payloadProblem('challenge.form-team', { challengeId: 1.5 }),
      'The payload of this challenge.form-team job is invalid (/challengeId must be integer): {"challengeId":1.5}.',
    );
    assert.equal(
      payloadProblem('volunteer.match', { ideaId: 2 }),
      'The payload of this volunteer.match job is invalid (the payload must have required properties volunteerId): ' +
        '{"ideaId":2}.',
    );
    assert.equal(
      payloadProblem('idea.score', null),
      'The payload of this idea.score job is invalid (the payload must be object): null.',
    );
    assert.match(payloadProblem('idea.score', { ideaId: 'x'.repeat(500) }) ?? '', /^.{1,330}$/, 'a long one is cut');
  });

  it('keeps src/jobs below the pipeline: it imports neither app-deps nor src/pipeline, type imports included', () => {
    const offending: string[] = [];
    for (const file of fs.readdirSync(path.join(SRC, 'jobs'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const text = fs.readFileSync(path.join(SRC, 'jobs', file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = path.resolve(SRC, 'jobs', path.dirname(file), specifier);
        const relative = path.relative(SRC, target);
        if (relative === 'app-deps.ts' || relative.startsWith(`pipeline${path.sep}`)) {
          offending.push(`${file} imports ${specifier}`);
        }
      }
    }
    assert.deepEqual(offending, []);
  });
});
