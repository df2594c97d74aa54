import os from 'node:os';
import type { Endpoint, LoadResult } from './load.ts';

export type Measured = {
  endpoint: Endpoint;
  api: LoadResult;
  /** The bare server's run on the same request; null for the writes sent one at a time (nothing to replay). */
  baseline: LoadResult | null;
  /** How long the server stayed busy after the run, answering requests the load generator had given up on. */
  busyAfterSeconds: number;
};
export type Skipped = { endpoint: Endpoint; reason: string };

/**
 * The aims of issue 11 (docs/performance.md): a read costs at most 3× the CPU per request of `GET /api/user`, with
 * p99 under 25 ms; a write at most 1 ms of CPU; a list's last page at most 1.2× its first.
 */
const AIMS = { maxPerUser: 3, maxP99Ms: 25, maxWriteCpuMs: 1, maxLastToFirstPage: 1.2 };

function ratioOf(row: Measured): number | null {
  return row.baseline ? row.api.requestsPerSecond / row.baseline.requestsPerSecond : null;
}

/**
 * Each row's CPU per request divided by the floor's (`GET /api/user`) in the same run: 1 is the cost of
 * authentication alone. Rows without a CPU figure, and every row when the floor was not measured, are left out.
 */
export function ratiosToFloor(measured: Measured[], floorName: string): Map<string, number> {
  const floor = measured.find((row) => row.endpoint.name === floorName)?.api.cpuMsPerRequest;
  const ratios = new Map<string, number>();
  if (!floor) return ratios;
  for (const row of measured) {
    if (row.api.cpuMsPerRequest !== null) ratios.set(row.endpoint.name, row.api.cpuMsPerRequest / floor);
  }
  return ratios;
}

function aimsOf(row: Measured, perUser: number | undefined): string {
  if (!row.endpoint.read) {
    if (row.api.cpuMsPerRequest === null) return '–';
    return row.api.cpuMsPerRequest <= AIMS.maxWriteCpuMs ? 'met (write ≤ 1 ms CPU)' : '**missed** (write > 1 ms CPU)';
  }
  if (perUser === undefined) return '–';
  const missed = [
    ...(perUser > AIMS.maxPerUser ? [`> ${AIMS.maxPerUser}× /api/user`] : []),
    ...(row.api.p99 >= AIMS.maxP99Ms ? [`p99 ≥ ${AIMS.maxP99Ms} ms`] : []),
  ];
  return missed.length === 0 ? 'met' : `**missed** (${missed.join(', ')})`;
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
  return api.cpuMsPerRequest && baseline?.cpuMsPerRequest ? baseline.cpuMsPerRequest / api.cpuMsPerRequest : null;
}

export function resultTable(measured: Measured[], skipped: Skipped[], perUser: Map<string, number>): string[] {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | CPU ms/req | × /api/user CPU | baseline req/s | baseline CPU ms/req | ratio | CPU ratio | aims |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const percent = (value: number | null) => (value === null ? '–' : `${number(value * 100)}%`);
  for (const row of measured) {
    const voided = row.api.timeouts > 0 || Object.keys(row.api.failures).length > 0 || row.api.requests === 0;
    const toUser = perUser.get(row.endpoint.name);
    lines.push(
      `| ${row.endpoint.name} | ${number(row.api.requestsPerSecond)} | ${row.api.p50} | ${row.api.p99} | ` +
        `${cpu(row.api.cpuMsPerRequest)} | ${toUser === undefined ? '–' : `${number(toUser, 2)}×`} | ` +
        `${row.baseline ? number(row.baseline.requestsPerSecond) : '–'} | ${cpu(row.baseline?.cpuMsPerRequest ?? null)} | ` +
        `${percent(ratioOf(row))} | ${percent(cpuRatioOf(row))} | ${voided ? '**void** (see below)' : aimsOf(row, toUser)} |`,
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
  /** The list, e.g. `GET /api/notifications`. */
  list: string;
  lastPage: number;
  firstUnderLoad: LoadResult;
  lastUnderLoad: LoadResult;
  first: { median: number; p99: number };
  last: { median: number; p99: number };
};

export function pageLines(pages: PageComparison): string[] {
  const ratio = pages.last.median / pages.first.median;
  const cpuRatio =
    pages.lastUnderLoad.cpuMsPerRequest && pages.firstUnderLoad.cpuMsPerRequest
      ? pages.lastUnderLoad.cpuMsPerRequest / pages.firstUnderLoad.cpuMsPerRequest
      : null;
  const met = (value: number) => (value <= AIMS.maxLastToFirstPage ? 'met' : '**missed**');
  return [
    `${pages.list}, page ${pages.lastPage} (last) against page 1:`,
    `- one request at a time: median ${number(pages.last.median, 2)} ms vs ${number(pages.first.median, 2)} ms ` +
      `(p99 ${number(pages.last.p99, 2)} vs ${number(pages.first.p99, 2)}) → ${number(ratio, 2)}× ` +
      `(aim ≤ ${AIMS.maxLastToFirstPage}×: ${met(ratio)})`,
    `- under load: CPU ${cpu(pages.lastUnderLoad.cpuMsPerRequest)} vs ${cpu(pages.firstUnderLoad.cpuMsPerRequest)} ms/req` +
      (cpuRatio === null ? '' : ` → ${number(cpuRatio, 2)}× (${met(cpuRatio)})`) +
      `; p50 ${pages.lastUnderLoad.p50} ms vs ${pages.firstUnderLoad.p50} ms`,
  ];
}
