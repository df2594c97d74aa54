import assert from 'node:assert/strict';
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
