import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { apiClient } from './client.ts';

/** One read of a page: whose token, which URL. */
export type Read = { token: string; path: string };
export type ReadAnswer = { status: number; type: string | string[] | undefined; body: string };

/** What a kept-answer check adds around the reads: how to forget what is kept, and what each answer must be. */
export type KeptReadChecks = {
  /** Empties the cache under test, so the read after it is rendered anew. */
  forget: () => void;
  /** Holds for every answer, kept or rendered (e.g. a 200). */
  eachAnswer?: (answer: ReadAnswer, read: Read) => void;
  /** Holds for each kept answer besides being equal to the rendered one (e.g. its items as the mappers make them). */
  eachKept?: (answer: ReadAnswer, read: Read) => Promise<void>;
};

/** Every read once, through HTTP, in order; `forget` (when given) before each, so each answer is rendered anew. */
export async function readEach(
  app: FastifyInstance,
  reads: readonly Read[],
  { forget, eachAnswer }: Partial<KeptReadChecks> = {},
): Promise<ReadAnswer[]> {
  const answers: ReadAnswer[] = [];
  for (const read of reads) {
    forget?.();
    const response = await apiClient(app, read.token).get(read.path);
    const answer = { status: response.statusCode, type: response.headers['content-type'], body: response.body };
    eachAnswer?.(answer, read);
    answers.push(answer);
  }
  return answers;
}

/**
 * Every read answered from what is kept equals the same read rendered with nothing kept, byte for byte; then every
 * read once more, so what they keep is there for the check after the next write.
 */
export async function assertKeptEqualsRendered(
  app: FastifyInstance,
  reads: readonly Read[],
  afterWhat: string,
  checks: KeptReadChecks,
): Promise<void> {
  const kept = await readEach(app, reads, { eachAnswer: checks.eachAnswer });
  const rendered = await readEach(app, reads, checks);
  for (const [index, read] of reads.entries()) {
    assert.deepEqual(kept[index], rendered[index], `${read.path} after ${afterWhat}`);
    await checks.eachKept?.(kept[index]!, read);
  }
  await readEach(app, reads, { eachAnswer: checks.eachAnswer });
}

/** What a property test of kept reads writes into: `step` numbers the writes, so that each can write something new. */
export type WrittenWorld = { step: number };

/**
 * The two tests each kept read has: after every kind of write (twice in a row), and after any sequence of them
 * (fast-check), every kept answer equals the answer rendered with nothing kept (`assertKeptEqualsRendered` of the
 * caller's reads). `context` is read when a test runs, once the suite's `before` has made it.
 */
export function itAnswersWhatItRendersAfterEachWrite<C, W extends WrittenWorld>(
  context: () => C,
  writes: Record<string, (ctx: C, world: W) => Promise<unknown>>,
  buildWorld: (ctx: C) => Promise<W>,
  assertKeptEqualsRendered: (ctx: C, world: W, after: string) => Promise<void>,
): void {
  for (const [name, write] of Object.entries(writes)) {
    it(`answers what it renders after: ${name}`, async () => {
      const ctx = context();
      const world = await buildWorld(ctx);
      await assertKeptEqualsRendered(ctx, world, 'nothing');
      for (world.step = 0; world.step < 2; world.step++) {
        await write(ctx, world);
        await assertKeptEqualsRendered(ctx, world, `${name} (${world.step})`);
      }
    });
  }

  it('after any sequence of writes, every page equals the page with nothing kept (fast-check)', async () => {
    const ctx = context();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...Object.keys(writes)), { minLength: 1, maxLength: 4 }),
        async (sequence) => {
          const world = await buildWorld(ctx);
          await assertKeptEqualsRendered(ctx, world, 'the start');
          for (const name of sequence) {
            world.step += 1;
            await writes[name]!(ctx, world);
            await assertKeptEqualsRendered(ctx, world, `${name} in ${sequence.join(', ')}`);
          }
        },
      ),
      { numRuns: 6 },
    );
  });
}
