import { type MessagePort, workerData } from 'node:worker_threads';
import type { TSchema } from 'typebox';
import { briefStage } from '../brief/index.ts';
import { complexityStage } from '../complexity/index.ts';
import { cvStage } from '../cv/index.ts';
import { decompositionStage } from '../decomposition/index.ts';
import { ideaScoringStage } from '../idea/index.ts';
import type { AnalysisStage, LocalContext } from '../stage.ts';
import { loadTaxonomy } from '../taxonomy/taxonomy.ts';

/**
 * The analysis thread, a piscina worker started by `LocalThreadProvider`: runs one stage's offline analyzer per task.
 * A stage's functions cannot cross threads, so a task names its stage and the thread finds it among the pipeline's
 * own and those exported by `workerData.stageModules` (a test's deliberately slow stage). Input and output cross as
 * structured clones: every stage reads and answers plain data.
 */
export type AnalysisTask = {
  stage: string;
  input: unknown;
  /** Told when this thread takes the task up: the provider's deadline starts then. */
  started: MessagePort;
};
export type AnalysisThreadData = { stageModules: string[] };

type AnyStage = AnalysisStage<unknown, TSchema>;

const PIPELINE_STAGES = [briefStage, complexityStage, decompositionStage, cvStage, ideaScoringStage] as AnyStage[];

function isStage(value: unknown): value is AnyStage {
  const candidate = value as Partial<AnyStage> | null;
  return typeof candidate?.name === 'string' && typeof candidate.local === 'function';
}

async function findStages(): Promise<Map<string, AnyStage>> {
  const stages = new Map(PIPELINE_STAGES.map((stage) => [stage.name, stage]));
  for (const url of (workerData as AnalysisThreadData).stageModules) {
    for (const value of Object.values(await import(url))) if (isStage(value)) stages.set(value.name, value);
  }
  return stages;
}

const stages = findStages();

// The taxonomy is static data: each thread reads it, and builds its phrase index, once as it starts (before piscina
// hands it a task, so a first analysis is not charged for it).
const context: LocalContext = { taxonomy: loadTaxonomy() };
context.taxonomy.findInText('');

export default async function analyse(task: AnalysisTask): Promise<unknown> {
  task.started.postMessage(null);
  task.started.close();
  const stage = (await stages).get(task.stage);
  if (!stage) throw new Error(`The analysis thread knows no stage named "${task.stage}".`);
  return stage.local(task.input, context);
}
