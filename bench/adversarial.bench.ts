import { Worker } from 'node:worker_threads';
import { SHAPES, sizesFor } from './adversarial-inputs.ts';
import type { Job } from './adversarial-worker.ts';
import { machineLines } from './report.ts';

/**
 * `npm run bench:adversarial`: every offline analyzer (CV, brief, complexity, decomposition, idea) and the text
 * readers on the adversarial corpus (bench/adversarial-inputs.ts) at 4, 16 and 64 KB (briefs and ideas up to the
 * length the API accepts: `sizesFor`), timed one input at a time in a
 * worker thread. Prints a Markdown table and exits 1 when an input's time grows super-linearly (at 16× the size, more
 * than GROWTH_LIMIT × the time) or an input runs past the absolute bound (the thread is then stopped).
 *
 * Environment: BENCH_ONLY (comma-separated analyzer names to run, e.g. "cv,brief"), BENCH_BOUND_MS (the absolute bound
 * per input, 10000).
 */
const GROWTH_LIMIT = 40;
/** Times under this are noise for the growth ratio: the smallest input's time is counted as at least this. */
const FLOOR_MS = 10;
const BOUND_MS = Number(process.env.BENCH_BOUND_MS ?? 10_000);
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
/** Runs per size (the fastest counts), fewer for the large inputs that take long. */
const RUNS = [3, 2, 2];

class AnalyzerThread {
  #worker!: Worker;
  #names!: Promise<string[]>;

  constructor() {
    this.#start();
  }

  #start() {
    this.#worker = new Worker(new URL('./adversarial-worker.ts', import.meta.url));
    this.#names = new Promise((resolve) => this.#worker.once('message', resolve));
  }

  names(): Promise<string[]> {
    return this.#names;
  }

  /** Milliseconds the job took, or null when it ran past the bound (the thread is replaced). */
  async run(job: Job): Promise<number | null> {
    await this.#names;
    const worker = this.#worker;
    const answer = new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.off('error', reject);
        resolve(null);
      }, BOUND_MS);
      worker.once('message', (ms: number) => {
        clearTimeout(timer);
        worker.off('error', reject);
        resolve(ms);
      });
      worker.once('error', reject);
    });
    worker.postMessage(job);
    const ms = await answer;
    if (ms === null) {
      await worker.terminate();
      this.#start();
      // The new thread loads the NLP model on its first text: not to be counted against the next input.
      await this.run({ analyzer: job.analyzer, shape: 'repeated word', size: 1024 });
    }
    return ms;
  }

  close() {
    return this.#worker.terminate();
  }
}

type Row = { analyzer: string; shape: string; ms: Array<number | null>; growth: number | null; failed: string | null };

async function measure(thread: AnalyzerThread, analyzer: string, shape: string): Promise<Row> {
  const ms: Array<number | null> = [];
  for (const [index, size] of sizesFor(analyzer).entries()) {
    if (ms.includes(null)) {
      ms.push(null);
      continue;
    }
    let best: number | null = Number.POSITIVE_INFINITY;
    for (let run = 0; run < RUNS[index] && best !== null; run++) {
      const took = await thread.run({ analyzer, shape, size });
      best = took === null ? null : Math.min(best, took);
    }
    ms.push(best);
  }
  const first = ms[0];
  const last = ms[ms.length - 1];
  const growth = first !== null && last !== null ? last / Math.max(first, FLOOR_MS) : null;
  const failed = ms.includes(null)
    ? `over ${BOUND_MS} ms`
    : growth !== null && growth > GROWTH_LIMIT
      ? `grows ${growth.toFixed(0)}×`
      : null;
  return { analyzer, shape, ms, growth, failed };
}

const thread = new AnalyzerThread();
const analyzers = (await thread.names()).filter((name) => !only || only.includes(name));
const started = performance.now();
const rows: Row[] = [];
for (const analyzer of analyzers) {
  // A warm-up: the taxonomy index, the NLP model and the JIT.
  await thread.run({ analyzer, shape: 'repeated word', size: 4096 });
  for (const shape of SHAPES) {
    const row = await measure(thread, analyzer, shape.name);
    rows.push(row);
    if (row.failed) console.error(`${analyzer} on ${shape.name}: ${row.failed}`);
  }
}
await thread.close();

const format = (ms: number | null) => (ms === null ? `> ${BOUND_MS}` : ms.toFixed(1));
const header = ['analyzer', 'input', '1× (ms)', '4× (ms)', '16× (ms)', 'growth ×16', 'verdict'];
console.log(`# Adversarial inputs\n\n${machineLines('none').slice(0, 3).join('\n')}\n`);
for (const analyzer of analyzers) console.log(`- ${analyzer}: ${sizesFor(analyzer).join(', ')} characters`);
console.log('');
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) {
  const growth = row.growth === null ? '–' : `${row.growth.toFixed(1)}×`;
  console.log(`| ${[row.analyzer, row.shape, ...row.ms.map(format), growth, row.failed ?? 'ok'].join(' | ')} |`);
}
const worst = new Map<string, { growth: number; slowest: number }>();
for (const row of rows) {
  const current = worst.get(row.analyzer) ?? { growth: 0, slowest: 0 };
  worst.set(row.analyzer, {
    growth: Math.max(current.growth, row.growth ?? Number.POSITIVE_INFINITY),
    slowest: Math.max(current.slowest, row.ms[row.ms.length - 1] ?? Number.POSITIVE_INFINITY),
  });
}
console.log('\n| analyzer | worst growth ×16 | slowest largest input (ms) |\n|---|---|---|');
for (const [analyzer, { growth, slowest }] of worst) {
  console.log(`| ${analyzer} | ${growth.toFixed(1)}× | ${slowest.toFixed(0)} |`);
}
const failures = rows.filter((row) => row.failed);
console.log(
  `\n${rows.length} inputs in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
    (failures.length === 0
      ? `none grew more than ${GROWTH_LIMIT}× at 16× the size or ran past ${BOUND_MS} ms.`
      : `${failures.length} failed: ${failures.map((row) => `${row.analyzer} on ${row.shape} (${row.failed})`).join('; ')}.`),
);
process.exitCode = failures.length === 0 ? 0 : 1;
