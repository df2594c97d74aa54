import { threadId } from 'node:worker_threads';
import { Type } from 'typebox';
import type { AnalysisStage } from '../../src/ai/stage.ts';

/**
 * Stages for the analysis-thread tests, which the threads find through `stageModules` (this file's URL): one computes
 * for as long as it is asked, holding its thread as a runaway analyzer would; one fills its heap.
 */
export const THREAD_STAGES_MODULE = new URL(import.meta.url);

/** Keeps the thread computing for `ms` (no await: nothing else runs on it meanwhile). */
export function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Busy on purpose.
  }
}

const Spun = Type.Object(
  { threadId: Type.Integer({ description: 'The thread that computed the answer.' }) },
  { description: 'Which thread answered.' },
);

export const busyStage: AnalysisStage<{ ms: number }, typeof Spun> = {
  name: 'test-busy',
  schema: Spun,
  prompt: () => ({ system: 'Not asked of a model.', user: '' }),
  local: ({ ms }) => {
    spin(ms);
    return { threadId };
  },
};

export const hoggingStage: AnalysisStage<Record<string, never>, typeof Spun> = {
  name: 'test-hog',
  schema: Spun,
  prompt: () => ({ system: 'Not asked of a model.', user: '' }),
  local: () => {
    const held: number[][] = [];
    for (;;) held.push(Array.from({ length: 100_000 }, (_, index) => index));
  },
};
