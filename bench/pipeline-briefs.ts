import fs from 'node:fs';
import path from 'node:path';
import { briefStage } from '../src/ai/brief/index.ts';
import { complexityStage } from '../src/ai/complexity/index.ts';
import { decompositionStage } from '../src/ai/decomposition/index.ts';
import type { AnalysisProvider } from '../src/ai/stage.ts';

/**
 * Briefs analysed and decomposed per second: the offline analyzers through `provider`, as `challenge.analyze`
 * runs them — brief, then complexity for a workable brief, then decomposition for a team-execution one — over every
 * brief fixture (test/fixtures/briefs: software, data, design, marketing, operations, vague, spam…), round after round.
 */
const BRIEFS_DIR = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'briefs');

export type BriefFigures = {
  briefs: number;
  rounds: number;
  /** Briefs that went all the way to a decomposition, per round. */
  decomposed: number;
  perSecond: number;
  /** This process's CPU time per brief (the analysis thread included). */
  cpuMsPerBrief: number;
};

function readBriefs(): Array<{ title: string; description: string }> {
  return fs
    .readdirSync(BRIEFS_DIR)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => {
      // First line the title, the rest (after a blank line) the description: the fixtures' README.
      const [title, ...rest] = fs.readFileSync(path.join(BRIEFS_DIR, name), 'utf8').split('\n');
      return { title: title.trim(), description: rest.join('\n').trim() };
    });
}

/** Runs one brief through the chain's stages; true when it was decomposed into workstreams. */
async function analyse(provider: AnalysisProvider, brief: { title: string; description: string }): Promise<boolean> {
  const { output: analysis } = await provider.run(briefStage, brief);
  if (!analysis.workable) return false;
  const context = {
    title: brief.title,
    description: brief.description,
    refined_brief: analysis.refined_brief,
    field: analysis.field,
    objectives: analysis.objectives,
  };
  const { output: complexity } = await provider.run(complexityStage, context);
  if (complexity.challenge_type !== 'team_execution') return false;
  await provider.run(decompositionStage, { ...context, complexity_level: complexity.complexity_level });
  return true;
}

export async function benchBriefs(minimumSeconds: number, provider: AnalysisProvider): Promise<BriefFigures> {
  const briefs = readBriefs();
  // A warm-up round: the analysis thread, the taxonomy index, the NLP model and the JIT.
  for (const brief of briefs) await analyse(provider, brief);

  let rounds = 0;
  let decomposed = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (rounds === 0 || performance.now() - started < minimumSeconds * 1000) {
    decomposed = 0;
    for (const brief of briefs) if (await analyse(provider, brief)) decomposed++;
    rounds++;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    briefs: briefs.length,
    rounds,
    decomposed,
    perSecond: (briefs.length * rounds) / seconds,
    cpuMsPerBrief: (used.user + used.system) / 1000 / (briefs.length * rounds),
  };
}
