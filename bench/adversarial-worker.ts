import { parentPort } from 'node:worker_threads';
import { analyzeBrief } from '../src/ai/brief/local.ts';
import { assessComplexity } from '../src/ai/complexity/local.ts';
import { cvLines } from '../src/ai/cv/lines.ts';
import { analyzeCv } from '../src/ai/cv/local.ts';
import { decompose } from '../src/ai/decomposition/local.ts';
import { scoreIdea } from '../src/ai/idea/local.ts';
import { loadTaxonomy } from '../src/ai/taxonomy/taxonomy.ts';
import { parseText } from '../src/ai/taxonomy/text-parser.ts';
import { normalizeText } from '../src/ai/text/normalize.ts';
import { SHAPES } from './adversarial-inputs.ts';

/**
 * The thread of `npm run bench:adversarial` that runs the analyzers, so that the main thread can stop one that runs
 * past its bound. Each message names an analyzer, a shape and a size; the answer is the milliseconds it took.
 */
export type Job = { analyzer: string; shape: string; size: number };

const taxonomy = loadTaxonomy();
const context = { taxonomy };
const TITLE = 'Help with our project';

/** Each analyzer with the user text in the field it reads most of. */
const ANALYZERS: Record<string, (text: string) => unknown> = {
  'text: normalize': (text) => normalizeText(text),
  'text: CV lines': (text) => cvLines(text),
  'text: parse': (text) => parseText(text),
  cv: (text) => analyzeCv({ text, asOf: '2026-01-01' }, taxonomy),
  brief: (text) => analyzeBrief({ title: TITLE, description: text }, context),
  complexity: (text) =>
    assessComplexity(
      { title: TITLE, description: text, refined_brief: text, field: 'software', objectives: [text.slice(0, 200)] },
      context,
    ),
  decomposition: (text) =>
    decompose(
      {
        title: TITLE,
        description: text,
        refined_brief: text,
        field: 'software',
        complexity_level: 4,
        objectives: [text.slice(0, 200)],
      },
      context,
    ),
  idea: (text) =>
    scoreIdea(
      {
        challenge: {
          title: TITLE,
          description: 'We need a name and a logo for our community garden.',
          refined_brief: null,
        },
        idea: { title: 'An idea', description: text },
      },
      context,
    ),
};

parentPort?.postMessage(Object.keys(ANALYZERS));
parentPort?.on('message', (job: Job) => {
  const shape = SHAPES.find((candidate) => candidate.name === job.shape);
  if (!shape) throw new Error(`No shape ${job.shape}`);
  const text = shape.make(job.size);
  const started = performance.now();
  ANALYZERS[job.analyzer](text);
  parentPort?.postMessage(performance.now() - started);
});
