import os from 'node:os';
import type { Endpoint, LoadResult } from './load.ts';

export type Measured = {
  endpoint: Endpoint;
  api: LoadResult;
  baseline: LoadResult;
  /** How long the server stayed busy after the run, answering requests the load generator had given up on. */
  busyAfterSeconds: number;
};
export type Skipped = { endpoint: Endpoint; reason: string };

/** The aims in docs/performance.md: reads at ≥ 30% of the bare baseline's throughput with p99 under 25 ms. */
const AIMS = { minRatio: 0.3, maxP99Ms: 25, maxLastToFirstPage: 3 };

function ratioOf(row: Measured): number {
  return row.api.requestsPerSecond / row.baseline.requestsPerSecond;
}

function meetsAims(row: Measured): boolean {
  return ratioOf(row) >= AIMS.minRatio && row.api.p99 < AIMS.maxP99Ms;
}

export function machineLines(engine: string, loadAtStart: number[] = os.loadavg()): string[] {
  const cpus = os.cpus();
  return [
    `- CPU: ${os.availableParallelism()} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; load average (1/5/15 min) at start ` +
      loadAtStart.map((n) => n.toFixed(2)).join(' / '),
    `- OS: ${os.type()} ${os.release()}; Node ${process.version}`,
    `- Database: ${engine}`,
  ];
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const cpu = (value: number | null) => (value === null ? '–' : number(value, 3));

function cpuRatioOf(row: Measured): number | null {
  const { api, baseline } = row;
  return api.cpuMsPerRequest && baseline.cpuMsPerRequest ? baseline.cpuMsPerRequest / api.cpuMsPerRequest : null;
}

export function resultTable(measured: Measured[], skipped: Skipped[]): string[] {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | CPU ms/req | baseline req/s | baseline p99 ms | baseline CPU ms/req | ratio | CPU ratio | aims |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of measured) {
    const voided = row.api.timeouts > 0 || Object.keys(row.api.failures).length > 0;
    const aims = voided
      ? '**void** (see below)'
      : !row.endpoint.read
        ? 'n/a (write)'
        : meetsAims(row)
          ? 'met'
          : '**missed**';
    const cpuRatio = cpuRatioOf(row);
    lines.push(
      `| ${row.endpoint.name} | ${number(row.api.requestsPerSecond)} | ${row.api.p50} | ${row.api.p99} | ` +
        `${cpu(row.api.cpuMsPerRequest)} | ${number(row.baseline.requestsPerSecond)} | ${row.baseline.p99} | ` +
        `${cpu(row.baseline.cpuMsPerRequest)} | ${number(ratioOf(row) * 100)}% | ` +
        `${cpuRatio === null ? '–' : `${number(cpuRatio * 100)}%`} | ${aims} |`,
    );
  }
  for (const row of skipped) lines.push(`| ${row.endpoint.name} | not measured: ${row.reason} | | | | | | | | | |`);
  // Idle again means ~2 s of quick health checks; anything well beyond that was a backlog.
  const backlogged = measured.filter((row) => row.busyAfterSeconds > 5);
  if (backlogged.length > 0) lines.push('');
  for (const row of backlogged) {
    lines.push(
      `- ${row.endpoint.name}: the server stayed busy ${number(row.busyAfterSeconds, 1)} s after the run, ` +
        'answering requests the load generator had already given up on.',
    );
  }
  return lines;
}

export type PageComparison = {
  firstUnderLoad: LoadResult;
  lastUnderLoad: LoadResult;
  first: { median: number; p99: number };
  last: { median: number; p99: number };
};

export function pageLines(pages: PageComparison, lastPage: number): string[] {
  const ratio = pages.last.median / pages.first.median;
  const throughput = pages.firstUnderLoad.requestsPerSecond / pages.lastUnderLoad.requestsPerSecond;
  return [
    `Notifications, page ${lastPage} (last) against page 1 of the same user's list:`,
    `- one request at a time: median ${number(pages.last.median, 2)} ms vs ${number(pages.first.median, 2)} ms ` +
      `(p99 ${number(pages.last.p99, 2)} vs ${number(pages.first.p99, 2)}) → ${number(ratio, 2)}× ` +
      `(aim ≤ ${AIMS.maxLastToFirstPage}×: ${ratio <= AIMS.maxLastToFirstPage ? 'met' : '**missed**'})`,
    `- under load: p50 ${pages.lastUnderLoad.p50} ms vs ${pages.firstUnderLoad.p50} ms; ` +
      `throughput ${number(pages.lastUnderLoad.requestsPerSecond)} vs ${number(pages.firstUnderLoad.requestsPerSecond)} req/s ` +
      `(first page ${number(throughput, 2)}× the last)`,
  ];
}
