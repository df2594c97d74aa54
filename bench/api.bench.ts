import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import {
  type Captured,
  capture,
  type Endpoint,
  type LoadOptions,
  measure,
  sequentialLatency,
  TIMEOUT_SECONDS,
} from './load.ts';
import { type Running, startBaselineServer, startGuildServer, waitForHealth } from './processes.ts';
import { type Measured, machineLines, type PageComparison, pageLines, resultTable, type Skipped } from './report.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { type Fixtures, FULL_SIZE, scaledSize, seedDatabase } from './seed.ts';

/**
 * `npm run bench`: seeds a realistic database, starts the real server on it, and drives each endpoint with
 * autocannon next to a bare node:http server that answers the same bytes. See docs/performance.md.
 *
 * Environment: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), BENCH_SCALE (1 = the
 * full data set), BENCH_DATABASE_URL (a PostgreSQL server: a fresh database is created on it and dropped after),
 * BENCH_ONLY (the endpoints whose name contains one of these comma-separated texts), BENCH_CPU_PROF (a folder:
 * profile the server), BENCH_OUTPUT (write the figures as JSON to this file), BENCH_KEEP=1 (keep the data folder and
 * database), BENCH_ANALYZE=1|0 (planner statistics after seeding; default: PostgreSQL yes, SQLite no, as in
 * production).
 */
const PAGE_SAMPLES = 200;
/** The server counts as idle again after 20 health checks in a row (about 2 s) answered within 50 ms. */
const QUICK_HEALTH_MS = 50;
const QUICK_HEALTH_TIMES = 20;

function setting(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}").`);
  return value;
}

const load: LoadOptions = {
  duration: setting('BENCH_DURATION', 10),
  warmup: process.env.BENCH_WARMUP?.trim() === '0' ? 0 : setting('BENCH_WARMUP', 2),
  connections: setting('BENCH_CONNECTIONS', 50),
};
const scale = setting('BENCH_SCALE', 1);
const postgresServer = process.env.BENCH_DATABASE_URL?.trim() || null;
const only = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const keep = process.env.BENCH_KEEP === '1';
/** BENCH_ANALYZE=1 or 0 overrides the default planner statistics (see seedDatabase). */
const statistics = process.env.BENCH_ANALYZE?.trim() ? process.env.BENCH_ANALYZE.trim() === '1' : undefined;

function endpointsFor(fixtures: Fixtures): Endpoint[] {
  const contributor = fixtures.contributorToken;
  return [
    // Two floors: the framework with one trivial query and no auth, then the bearer-token lookup added.
    { name: 'GET /api/health (no auth)', method: 'GET', path: '/api/health', token: contributor, read: true },
    { name: 'GET /api/user', method: 'GET', path: '/api/user', token: contributor, read: true },
    { name: 'GET /api/challenges', method: 'GET', path: '/api/challenges', token: contributor, read: true },
    {
      name: 'GET /api/challenges/{id}',
      method: 'GET',
      path: `/api/challenges/${fixtures.challengeId}`,
      token: contributor,
      read: true,
    },
    {
      name: 'GET /api/tasks/available (typical skills)',
      method: 'GET',
      path: '/api/tasks/available',
      token: fixtures.typicalContributorToken,
      read: true,
    },
    {
      name: 'GET /api/tasks/available (most common skills)',
      method: 'GET',
      path: '/api/tasks/available',
      token: contributor,
      read: true,
    },
    {
      name: 'GET /api/notifications (first page)',
      method: 'GET',
      path: '/api/notifications?page=1',
      token: contributor,
      read: true,
    },
  ];
}

function lastPageEndpoint(first: Endpoint, lastPage: number): Endpoint {
  return { ...first, name: 'GET /api/notifications (last page)', path: `/api/notifications?page=${lastPage}` };
}

function messageEndpoint(fixtures: Fixtures): Endpoint {
  return {
    name: 'POST /api/teams/{id}/messages',
    method: 'POST',
    path: `/api/teams/${fixtures.teamId}/messages`,
    token: fixtures.contributorToken,
    body: JSON.stringify({ message: 'Pushed the new onboarding checklist draft; comments welcome before Friday.' }),
    read: false,
  };
}

async function seed(databaseUrl: string) {
  const handle = createDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const size = scale === 1 ? FULL_SIZE : scaledSize(scale);
    const analyzed = statistics ?? handle.dialect === 'postgres';
    const fixtures = await seedDatabase(handle.db, handle.dialect, size, analyzed);
    const version = await handle.db.executeQuery<{ version: string }>(
      CompiledQuery.raw(handle.dialect === 'postgres' ? 'show server_version' : 'select sqlite_version() as version'),
    );
    const row = version.rows[0] as Record<string, string>;
    const engine =
      `${handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${row.version ?? row.server_version}, ` +
      (analyzed
        ? `${handle.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE'} after seeding`
        : 'no ANALYZE after seeding (the service never runs it)');
    return { fixtures, engine };
  } finally {
    await handle.destroy();
  }
}

/** Captures one response per endpoint; an endpoint that does not answer 2xx is reported, not measured. */
async function captureAll(server: Running, endpoints: Endpoint[], skipped: Skipped[]) {
  const kept: Array<{ endpoint: Endpoint; response: Captured }> = [];
  for (const endpoint of endpoints) {
    const response = await capture(server.url, endpoint);
    if (response.status >= 200 && response.status < 300) kept.push({ endpoint, response });
    else {
      const body = Buffer.from(response.body, 'base64').toString('utf8').slice(0, 100);
      skipped.push({ endpoint, reason: `answered ${response.status} ${body}` });
    }
  }
  return kept;
}

async function main(): Promise<number> {
  const loadAtStart = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-bench-'));
  let scratch: ScratchDatabase | null = null;
  const running: Running[] = [];
  const cleanup = async () => {
    await Promise.all(running.map((server) => server.stop()));
    if (keep) return console.error(`Kept ${dataDir}${scratch ? ` and ${scratch.url}` : ''}.`);
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    if (postgresServer) scratch = await createScratchDatabase(postgresServer, 'guild_bench');
    const databaseUrl = scratch?.url ?? `sqlite:${path.join(dataDir, 'guild.sqlite')}`;
    console.error(`Seeding ${scratch ? 'PostgreSQL' : 'SQLite'} (scale ${scale})…`);
    const { fixtures, engine } = await seed(databaseUrl);
    console.error(`Seeded in ${fixtures.seconds.toFixed(1)} s.`);

    const server = await startGuildServer({ dataDir, databaseUrl, cpuProfileDir: process.env.BENCH_CPU_PROF });
    running.push(server);
    const skipped: Skipped[] = [];
    const reads = await captureAll(server, endpointsFor(fixtures), skipped);
    const first = reads.find((entry) => entry.endpoint.name.includes('first page'));
    const lastPage = first ? JSON.parse(Buffer.from(first.response.body, 'base64').toString()).meta.last_page : 0;
    const rest = [...(first ? [lastPageEndpoint(first.endpoint, lastPage)] : []), messageEndpoint(fixtures)];
    // The write goes last so that the rows it adds cannot change what the reads measured.
    const captured = [...reads, ...(await captureAll(server, rest, skipped))].filter(
      ({ endpoint }) => !only?.length || only.some((part) => endpoint.name.includes(part)),
    );

    const responsesFile = path.join(dataDir, 'captured.json');
    fs.writeFileSync(responsesFile, JSON.stringify(captured.map((entry) => entry.response)));
    const baseline = await startBaselineServer(responsesFile);
    running.push(baseline);

    const measured: Measured[] = [];
    for (const { endpoint } of captured) {
      console.error(`Measuring ${endpoint.name}…`);
      const api = await measure(server, endpoint, load);
      const settling = performance.now();
      await waitForHealth(server.url, 300_000, QUICK_HEALTH_MS, QUICK_HEALTH_TIMES);
      const busyAfterSeconds = (performance.now() - settling) / 1000;
      measured.push({ endpoint, api, busyAfterSeconds, baseline: await measure(baseline, endpoint, load) });
    }

    let pages: PageComparison | null = null;
    const firstRow = measured.find((row) => row.endpoint.name.includes('first page'));
    const lastRow = measured.find((row) => row.endpoint.name.includes('last page'));
    if (firstRow && lastRow) {
      pages = {
        firstUnderLoad: firstRow.api,
        lastUnderLoad: lastRow.api,
        first: await sequentialLatency(server.url, firstRow.endpoint, PAGE_SAMPLES),
        last: await sequentialLatency(server.url, lastRow.endpoint, PAGE_SAMPLES),
      };
    }

    const troubled = measured.filter(({ api, baseline }) =>
      [api, baseline].some((run) => run.timeouts > 0 || Object.keys(run.failures).length > 0),
    );
    printReport({ engine, loadAtStart, fixtures, measured, skipped, pages, lastPage });
    if (process.env.BENCH_OUTPUT) {
      fs.writeFileSync(
        process.env.BENCH_OUTPUT,
        JSON.stringify({ engine, load, scale, rows: fixtures.rows, measured, skipped, pages }, null, 2),
      );
    }
    for (const { endpoint, api, baseline } of troubled) {
      const problems = (run: typeof api) => JSON.stringify({ ...run.failures, timeouts: run.timeouts });
      console.error(
        `FAILED: ${endpoint.name}: responses outside 2xx, errors or timeouts (> ${TIMEOUT_SECONDS} s): ` +
          `api ${problems(api)}, baseline ${problems(baseline)}. Its figures are void.`,
      );
    }
    for (const row of skipped) console.error(`NOT MEASURED: ${row.endpoint.name} ${row.reason}`);
    return troubled.length > 0 || skipped.length > 0 ? 1 : 0;
  } finally {
    await cleanup();
  }
}

function printReport(report: {
  engine: string;
  loadAtStart: number[];
  fixtures: Fixtures;
  measured: Measured[];
  skipped: Skipped[];
  pages: PageComparison | null;
  lastPage: number;
}): void {
  const rows = Object.entries(report.fixtures.rows)
    .map(([table, count]) => `${table} ${count.toLocaleString('en-US')}`)
    .join(', ');
  const lines = [
    `## Run of ${new Date().toISOString()}`,
    '',
    ...machineLines(report.engine, report.loadAtStart),
    `- Load: autocannon, ${load.connections} connections, ${load.duration} s per run after a ${load.warmup} s warm-up`,
    `- Data (seeded in ${report.fixtures.seconds.toFixed(1)} s): ${rows}`,
    '',
    ...resultTable(report.measured, report.skipped),
    '',
    ...(report.pages ? pageLines(report.pages, report.lastPage) : ['Notifications page comparison: not measured.']),
  ];
  console.log(lines.join('\n'));
}

process.exitCode = await main().catch((error) => {
  console.error(error);
  return 1;
});
