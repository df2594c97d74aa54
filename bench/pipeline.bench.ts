import { LocalThreadProvider } from '../src/ai/providers/local-thread-provider.ts';
import { loadConfig } from '../src/config.ts';
import { benchBriefs } from './pipeline-briefs.ts';
import { benchCvs } from './pipeline-cvs.ts';
import { benchMatching, type MatchingFigures, TASKS_PER_CHALLENGE } from './pipeline-matching.ts';
import { BUDGET, benchTaxonomy, type TaxonomyRow } from './pipeline-taxonomy.ts';
import { machineLines } from './report.ts';

/**
 * `npm run bench:pipeline`: how fast the offline pipeline works. Prints Markdown for docs/performance.md.
 *
 * - CVs analysed per second: text extraction and the offline CV analyzer (in the analysis thread, as the service runs
 *   it) on the PDF and DOCX fixtures of test/fixtures/cvs (aim: at least 20).
 * - Briefs analysed and decomposed per second: brief → complexity → decomposition in the analysis thread, as the
 *   service runs them (LocalThreadProvider), on test/fixtures/briefs.
 * - Matching: one 8-task challenge against 10,000 and 100,000 contributors (aim, issue 11: 100,000 in under 0.5 s of wall time on an idle core), on SQLite,
 *   or on PostgreSQL with BENCH_DATABASE_URL (a server: a fresh database is created on it and dropped after).
 * - Taxonomy: load time, phrase-index build time, heap and CPU per CV, for the shipped skills file and (while it is
 *   smaller than the budget's 15,000 skills and 100,000 aliases) a synthetic one of that size (aims: load ≤ 300 ms,
 *   heap ≤ 60 MB, ≤ 30 ms of CPU per CV).
 *
 * Environment: BENCH_SECONDS (how long each throughput is measured, 5), BENCH_RUNS (measured matching runs per size, 3;
 * one warm-up run comes first), BENCH_CONTRIBUTORS (comma-separated sizes, default "10000,100000").
 */
const AIM_CVS_PER_SECOND = 20;
const AIM_MATCHING_MS = 500;
const AIM_AT_CONTRIBUTORS = 100_000;

function positiveIntegers(name: string, fallback: number[]): number[] {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isInteger(value) || value <= 0)) {
    throw new Error(`${name} must be positive integers separated by commas (got "${raw}").`);
  }
  return values;
}

const seconds = positiveIntegers('BENCH_SECONDS', [5])[0];
const runs = positiveIntegers('BENCH_RUNS', [3])[0];
const sizes = positiveIntegers('BENCH_CONTRIBUTORS', [10_000, AIM_AT_CONTRIBUTORS]);
const postgresServer = process.env.BENCH_DATABASE_URL?.trim() || null;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function taxonomyLines(rows: TaxonomyRow[]): string[] {
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const lines = [
    '| skills file | skills | aliases | load ms (wall / CPU) | phrase index ms (wall / CPU) | heap MB (loaded / with index) | CPU ms per CV | aims (load, heap, CV) |',
    '|---|---:|---:|---|---|---|---:|---|',
  ];
  for (const { label, figures: f } of rows) {
    const aims = [
      met(f.load.wallMs <= BUDGET.loadMs),
      met(f.totalHeapMb <= BUDGET.heapMb),
      met(f.cvCpuMs <= BUDGET.cvCpuMs),
    ].join(', ');
    lines.push(
      `| ${label} | ${number(f.skills)} | ${number(f.aliases)} | ${number(f.load.wallMs)} / ${number(f.load.cpuMs)} | ` +
        `${number(f.matcher.wallMs)} / ${number(f.matcher.cpuMs)} | ${number(f.loadHeapMb, 1)} / ` +
        `${number(f.totalHeapMb, 1)} | ${number(f.cvCpuMs, 1)} | ${aims} |`,
    );
  }
  return lines;
}

function matchingLines(figures: MatchingFigures[]): string[] {
  const lines = [
    `| contributors | candidates scored | invitations | median ms | runs ms | CPU ms (this process) | aim |`,
    '|---:|---:|---:|---:|---|---|---|',
  ];
  for (const row of figures) {
    const wall = median(row.runsMs);
    const aim =
      row.contributors === AIM_AT_CONTRIBUTORS
        ? wall < AIM_MATCHING_MS
          ? 'met (< 0.5 s)'
          : '**missed** (≥ 0.5 s)'
        : '';
    lines.push(
      `| ${number(row.contributors)} | ${number(row.candidates)} | ${row.invitations} | ${number(wall)} | ` +
        `${row.runsMs.map((ms) => number(ms)).join(', ')} | ${row.cpuMs.map((ms) => number(ms)).join(', ')} | ${aim} |`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const engine = postgresServer ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'SQLite (node:sqlite, WAL)';
  console.log('## Pipeline\n');
  console.log(`${machineLines(engine).join('\n')}\n`);

  // As the service runs them: in one analysis thread, with the default deadline.
  const analyses = new LocalThreadProvider({ threads: 1, timeoutMs: loadConfig({}).analysisTimeoutMs });
  const cvs = await benchCvs(seconds, analyses);
  const cvAim = cvs.perSecond >= AIM_CVS_PER_SECOND ? 'met' : '**missed**';
  console.log(
    `### CVs: ${number(cvs.perSecond, 1)} analysed per second (aim ≥ ${AIM_CVS_PER_SECOND}: ${cvAim})\n\n` +
      `${cvs.pdf} PDF and ${cvs.docx} DOCX fixtures × ${cvs.rounds} rounds after a warm-up (${cvs.unreadable} ` +
      `unreadable fixtures left out); ${number(cvs.cpuMsPerCv, 1)} ms of CPU per CV, parsing and analysis threads ` +
      'included.\n',
  );

  const briefs = await benchBriefs(seconds, analyses);
  await analyses.close();
  console.log(
    `### Briefs: ${number(briefs.perSecond, 1)} analysed and decomposed per second\n\n` +
      `${briefs.briefs} fixture briefs × ${briefs.rounds} rounds after a warm-up; each round ${briefs.decomposed} reach a ` +
      'decomposition, the others stop at the brief (not workable) or at complexity (community discussion); ' +
      `${number(briefs.cpuMsPerBrief, 1)} ms of CPU per brief.\n`,
  );

  console.log(
    '### Taxonomy: load, phrase index, memory and CV cost (each file in a fresh process; the NLP model is loaded ' +
      'first and left out of the load and heap)\n',
  );
  console.log(`${taxonomyLines(await benchTaxonomy(seconds)).join('\n')}\n`);

  const matching: MatchingFigures[] = [];
  for (const contributors of sizes) {
    console.error(`# matching: seeding ${number(contributors)} contributors…`);
    const figures = await benchMatching({ contributors, runs, postgresServer });
    console.error(`# matching: seeded in ${number(figures.seedSeconds, 1)} s, ${runs} runs done`);
    matching.push(figures);
  }
  console.log(
    `### Matching: one ${TASKS_PER_CHALLENGE}-task challenge (\`task.match\` for each task in turn, invitations ` +
      `included; ${runs} runs after a warm-up)\n`,
  );
  console.log(matchingLines(matching).join('\n'));
}

await main();
