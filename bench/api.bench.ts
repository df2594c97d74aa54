import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { reusableSeed, type SeedRecord, SQLITE_FILE, writeSeedRecord } from './kept-seed.ts';
import {
  type Captured,
  capture,
  type Endpoint,
  type LoadOptions,
  measure,
  sequentialLatency,
  sequentialWrites,
  TIMEOUT_SECONDS,
} from './load.ts';
import { type Running, startBaselineServer, startGuildServer, waitForHealth } from './processes.ts';
import {
  type Measured,
  machineLines,
  type PageComparison,
  pageLines,
  ratiosToFloor,
  resultTable,
  type Skipped,
} from './report.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { type Fixtures, FULL_SIZE, fixturesOf, scaledSize, seedDatabase } from './seed.ts';

/**
 * `npm run bench`: seeds a realistic database, starts the real server on it, and drives each endpoint with
 * autocannon next to a bare node:http server that answers the same bytes. See docs/performance.md.
 *
 * Environment: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), BENCH_SCALE (1 = the
 * full data set), BENCH_DATABASE_URL (a PostgreSQL server: a fresh database is created on it and dropped after),
 * BENCH_ONLY (the endpoints whose name contains one of these comma-separated texts), BENCH_CPU_PROF (a folder:
 * profile the server), BENCH_NODE_FLAGS (further node flags for the server, space-separated), BENCH_OUTPUT (write
 * the figures as JSON to this file), BENCH_KEEP=1 (keep the data folder and database), BENCH_REUSE (a folder: seed
 * into it and keep it, or measure the database an earlier run seeded there), BENCH_ANALYZE=1|0 (planner statistics
 * after seeding; default: PostgreSQL yes, SQLite no, as in production).
 */
const PAGE_SAMPLES = 200;
const AUTH_FLOOR = 'GET /api/user';
const TRANSITION = 'POST /api/assignments/{id}/reject (one at a time, a new invitation each)';
/** Declines sent before the measured ones (at most a quarter of those seeded), as the load runs' warm-up seconds. */
const TRANSITION_WARMUP = 300;
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
const reuseFolder = process.env.BENCH_REUSE?.trim() ? path.resolve(process.env.BENCH_REUSE.trim()) : null;
/** Node flags added to the server's start, to compare a V8 or Node setting on one tree (reported with the run). */
const nodeFlags = process.env.BENCH_NODE_FLAGS?.trim().split(/\s+/).filter(Boolean) ?? [];
/** BENCH_ANALYZE=1 or 0 overrides the default planner statistics (see seedDatabase). */
const statistics = process.env.BENCH_ANALYZE?.trim() ? process.env.BENCH_ANALYZE.trim() === '1' : undefined;

function endpointsFor(fixtures: Fixtures): Endpoint[] {
  const contributor = fixtures.contributorToken;
  const read = (name: string, path: string, token = contributor): Endpoint => ({
    name,
    method: 'GET',
    path,
    token,
    read: true,
  });
  return [
    // Two floors: the framework with no auth, then the bearer-token lookup added; every read is compared with the
    // second (`perUser` in the JSON output).
    read('GET /api/health (no auth)', '/api/health'),
    read(AUTH_FLOOR, '/api/user'),
    read('GET /api/challenges (first page)', '/api/challenges?page=1'),
    read('GET /api/challenges/{id}', `/api/challenges/${fixtures.challengeId}`),
    read('GET /api/challenges/my-challenges', '/api/challenges/my-challenges', fixtures.companyToken),
    read('GET /api/tasks/available (typical skills)', '/api/tasks/available', fixtures.typicalContributorToken),
    read('GET /api/tasks/available (most common skills)', '/api/tasks/available'),
    read('GET /api/tasks/my-tasks', '/api/tasks/my-tasks'),
    read('GET /api/assignments', '/api/assignments'),
    read('GET /api/notifications (first page)', '/api/notifications?page=1'),
    read(
      'GET /api/challenges/{id}/ideas (busiest challenge)',
      `/api/challenges/${fixtures.busyIdeasChallengeId}/ideas`,
    ),
  ];
}

/** The last page of a list whose first page was captured, found from the first page's `meta.last_page`. */
function lastPageOf(first: { endpoint: Endpoint; response: Captured }): Endpoint & { lastPage: number } {
  const lastPage = JSON.parse(Buffer.from(first.response.body, 'base64').toString()).meta.last_page;
  return {
    ...first.endpoint,
    name: first.endpoint.name.replace('(first page)', '(last page)'),
    path: first.endpoint.path.replace('page=1', `page=${lastPage}`),
    lastPage,
  };
}

/** The writes, measured after every read so that the rows they add cannot change what the reads measured. */
function writeEndpoints(fixtures: Fixtures): Endpoint[] {
  return [
    {
      name: 'POST /api/teams/{id}/messages',
      method: 'POST',
      path: `/api/teams/${fixtures.teamId}/messages`,
      token: fixtures.contributorToken,
      body: JSON.stringify({ message: 'Pushed the new onboarding checklist draft; comments welcome before Friday.' }),
      read: false,
    },
    {
      name: 'POST /api/challenges',
      method: 'POST',
      path: '/api/challenges',
      token: fixtures.companyToken,
      body: JSON.stringify({
        title: 'Reduce the waiting time at our repair desk',
        description:
          'Customers wait up to forty minutes at the repair desk on Saturdays. We want a queueing plan, a booking ' +
          'page and a way to tell people how long they will wait, within the staff we have today.',
      }),
      read: false,
    },
  ];
}

/** One decline per seeded invitation, each its own assignment: a transition cannot be repeated on one row. */
function declineRequests(fixtures: Fixtures): Endpoint[] {
  return fixtures.invitations.map(({ assignmentId, token }) => ({
    name: TRANSITION,
    method: 'POST',
    path: `/api/assignments/${assignmentId}/reject`,
    token,
    body: JSON.stringify({ reason: 'No time this month.' }),
    read: false,
  }));
}

/**
 * The database to measure, migrated, and this run's fixtures on it: seeded now, or kept from an earlier run
 * (`BENCH_REUSE`; migrations added since then are applied to it, as a deployment would).
 */
async function prepare(databaseUrl: string, kept: SeedRecord | null): Promise<{ fixtures: Fixtures; engine: string }> {
  const handle = createDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const size = scale === 1 ? FULL_SIZE : scaledSize(scale);
    if (kept) {
      const engine = `${kept.engine}; reused from ${reuseFolder} (seeded ${kept.seededAt})`;
      return { fixtures: await fixturesOf(handle.db, size, kept), engine };
    }
    const analyzed = statistics ?? handle.dialect === 'postgres';
    const seeded = await seedDatabase(handle.db, handle.dialect, size, analyzed);
    const version = await handle.db.executeQuery<{ version: string }>(
      CompiledQuery.raw(handle.dialect === 'postgres' ? 'show server_version' : 'select sqlite_version() as version'),
    );
    const row = version.rows[0] as Record<string, string>;
    const engine =
      `${handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${row.version ?? row.server_version}, ` +
      (analyzed
        ? `${handle.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE'} after seeding`
        : 'no ANALYZE after seeding (the service never runs it)');
    if (reuseFolder) {
      writeSeedRecord(reuseFolder, {
        dialect: handle.dialect,
        scale,
        databaseUrl,
        engine,
        ...seeded,
        seededAt: new Date().toISOString(),
      });
    }
    return { fixtures: await fixturesOf(handle.db, size, seeded), engine };
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
  if (reuseFolder) fs.mkdirSync(reuseFolder, { recursive: true, mode: 0o700 });
  const dataDir = reuseFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'guild-bench-'));
  const kept = reuseFolder
    ? reusableSeed(reuseFolder, { dialect: postgresServer ? 'postgres' : 'sqlite', scale })
    : null;
  let scratch: ScratchDatabase | null = null;
  const running: Running[] = [];
  const cleanup = async () => {
    await Promise.all(running.map((server) => server.stop()));
    if (keep || reuseFolder) return console.error(`Kept ${dataDir}${scratch ? ` and ${scratch.url}` : ''}.`);
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    if (postgresServer && !kept) scratch = await createScratchDatabase(postgresServer, 'guild_bench');
    const databaseUrl = kept?.databaseUrl ?? scratch?.url ?? `sqlite:${path.join(dataDir, SQLITE_FILE)}`;
    console.error(
      kept
        ? `Reusing the ${kept.dialect} database seeded in ${dataDir} (scale ${scale}).`
        : `Seeding ${scratch ? 'PostgreSQL' : 'SQLite'} (scale ${scale})…`,
    );
    const { fixtures, engine } = await prepare(databaseUrl, kept);
    if (!kept) console.error(`Seeded in ${fixtures.seconds.toFixed(1)} s.`);

    const server = await startGuildServer({
      dataDir,
      databaseUrl,
      cpuProfileDir: process.env.BENCH_CPU_PROF,
      nodeFlags,
    });
    running.push(server);
    const serverStartRssBytes = server.rssBytes();
    const skipped: Skipped[] = [];
    const reads = await captureAll(server, endpointsFor(fixtures), skipped);
    const lastPages = reads.filter((entry) => entry.endpoint.name.includes('(first page)')).map(lastPageOf);
    const writes = writeEndpoints(fixtures);
    const wanted = ({ endpoint }: { endpoint: Endpoint }) =>
      !only?.length || only.some((part) => endpoint.name.includes(part));
    const captured = [
      ...reads,
      ...(await captureAll(server, lastPages, skipped)),
      ...(await captureAll(server, writes, skipped)),
    ].filter(wanted);

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
    const declines = declineRequests(fixtures);
    if (declines.length > 0 && wanted({ endpoint: declines[0] })) {
      console.error(`Measuring ${TRANSITION}…`);
      measured.push({
        endpoint: declines[0],
        api: await sequentialWrites(server, declines, Math.min(TRANSITION_WARMUP, Math.floor(declines.length / 4))),
        baseline: null,
        busyAfterSeconds: 0,
      });
    }

    const pages: PageComparison[] = [];
    for (const last of lastPages) {
      const firstRow = measured.find((row) => row.endpoint.name === last.name.replace('(last page)', '(first page)'));
      const lastRow = measured.find((row) => row.endpoint.name === last.name);
      if (!firstRow || !lastRow) continue;
      pages.push({
        list: last.name.replace(' (last page)', ''),
        lastPage: last.lastPage,
        firstUnderLoad: firstRow.api,
        lastUnderLoad: lastRow.api,
        first: await sequentialLatency(server.url, firstRow.endpoint, PAGE_SAMPLES),
        last: await sequentialLatency(server.url, lastRow.endpoint, PAGE_SAMPLES),
      });
    }
    const memory: Memory = {
      serverStartRssBytes,
      serverRssBytes: server.rssBytes(),
      serverPeakRssBytes: server.peakRssBytes(),
      benchRssBytes: process.memoryUsage().rss,
    };
    const perUser = ratiosToFloor(measured, AUTH_FLOOR);

    const troubled = measured.filter(({ api, baseline }) =>
      [api, baseline].some((run) => run && (run.timeouts > 0 || Object.keys(run.failures).length > 0)),
    );
    printReport({ engine, loadAtStart, fixtures, measured, skipped, pages, perUser, memory });
    if (process.env.BENCH_OUTPUT) {
      const { invitations: _tokens, ...shown } = fixtures;
      fs.writeFileSync(
        process.env.BENCH_OUTPUT,
        JSON.stringify(
          {
            engine,
            load,
            scale,
            rows: shown.rows,
            seedSeconds: shown.seconds,
            measured: measured.map((row) => ({ ...row, perUser: perUser.get(row.endpoint.name) ?? null })),
            skipped,
            pages,
            serverNodeFlags: nodeFlags,
            memory,
          },
          null,
          2,
        ),
      );
    }
    for (const { endpoint, api, baseline } of troubled) {
      const problems = (run: typeof baseline) =>
        run ? JSON.stringify({ ...run.failures, timeouts: run.timeouts }) : '–';
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

/** Resident set sizes in bytes (null where /proc is not available): the server's once started, at the end, its peak. */
type Memory = {
  serverStartRssBytes: number | null;
  serverRssBytes: number | null;
  serverPeakRssBytes: number | null;
  benchRssBytes: number;
};

function printReport(report: {
  engine: string;
  loadAtStart: number[];
  fixtures: Fixtures;
  measured: Measured[];
  skipped: Skipped[];
  pages: PageComparison[];
  perUser: Map<string, number>;
  memory: Memory;
}): void {
  const rows = Object.entries(report.fixtures.rows)
    .map(([table, count]) => `${table} ${count.toLocaleString('en-US')}`)
    .join(', ');
  const mb = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 2 ** 20).toFixed(0)} MB`);
  const { memory } = report;
  const lines = [
    `## Run of ${new Date().toISOString()}`,
    '',
    ...machineLines(report.engine, report.loadAtStart),
    `- Load: autocannon, ${load.connections} connections, ${load.duration} s per run after a ${load.warmup} s warm-up`,
    `- Data (scale ${scale}, seeded in ${report.fixtures.seconds.toFixed(1)} s): ${rows}`,
    ...(nodeFlags.length > 0 ? [`- Server started with: node ${nodeFlags.join(' ')}`] : []),
    `- Memory at the end: server RSS ${mb(memory.serverRssBytes)} (${mb(memory.serverStartRssBytes)} once started, ` +
      `peak ${mb(memory.serverPeakRssBytes)}), benchmark process RSS ${mb(memory.benchRssBytes)}`,
    '',
    ...resultTable(report.measured, report.skipped, report.perUser),
    '',
    ...(report.pages.length > 0 ? report.pages.flatMap(pageLines) : ['Page comparison: not measured.']),
  ];
  console.log(lines.join('\n'));
}

process.exitCode = await main().catch((error) => {
  console.error(error);
  return 1;
});
