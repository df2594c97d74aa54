import { LocalProvider } from '../src/ai/providers/local-provider.ts';
import { buildTaxonomy } from '../src/ai/taxonomy/taxonomy.ts';
import { readTaxonomyData } from '../src/ai/taxonomy/taxonomy-data.ts';
import { parseText } from '../src/ai/taxonomy/text-parser.ts';
import { benchCvs } from './pipeline-cvs.ts';

/**
 * One taxonomy file measured in a fresh process (`node --expose-gc taxonomy-process.ts <file> <cv seconds>`), so that
 * the load is a cold start and the heap holds nothing else; prints TaxonomyFigures as JSON. The NLP model is loaded
 * first and left out: the text parser needs it whatever the taxonomy's size.
 */
export type TaxonomyFigures = {
  skills: number;
  aliases: number;
  /** Reading, checking and indexing the file (what `loadTaxonomy()` does at start). */
  load: Cost;
  /** Building the phrase trie, on the first `findInText`. */
  matcher: Cost;
  /** Heap held after the load, and after the trie too (after a full GC each time). */
  loadHeapMb: number;
  totalHeapMb: number;
  /** CPU per CV (text extraction and the offline analyzer) with this taxonomy, as `npm run bench:pipeline` counts it. */
  cvCpuMs: number;
};
type Cost = { wallMs: number; cpuMs: number };

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with --expose-gc.');
const [file, cvSeconds] = process.argv.slice(2);

function measure<T>(work: () => T): [T, Cost] {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(cpu);
  return [result, { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 }];
}
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

parseText('The model is loaded before anything is measured.');
const before = heapMb();
const [taxonomy, load] = measure(() => buildTaxonomy(readTaxonomyData(new URL(file, 'file:///'))));
const loadHeapMb = heapMb() - before;
const [, matcher] = measure(() => taxonomy.findInText('Python'));
const totalHeapMb = heapMb() - before;
// In this thread: the taxonomy measured is this file's, which an analysis thread (it reads the shipped one) cannot take.
const cvs = await benchCvs(Number(cvSeconds), new LocalProvider({ taxonomy }));

const figures: TaxonomyFigures = {
  skills: taxonomy.skills.length,
  aliases: taxonomy.skills.reduce((n, skill) => n + skill.aliases.length, 0),
  load,
  matcher,
  loadHeapMb,
  totalHeapMb,
  cvCpuMs: cvs.cpuMsPerCv,
};
process.stdout.write(JSON.stringify(figures));
