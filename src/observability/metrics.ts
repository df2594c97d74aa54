import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobCount, JobObserver, JobOutcome } from '../jobs/job-queue.ts';

/** Seconds: requests are mostly milliseconds, uploads and analyses may take seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** The queue-depth gauge leaves completed jobs out: they only grow, and counting them would scan the whole table. */
const GAUGED_STATES = ['pending', 'running', 'failed'] as const;

export type AnalysisOutcome = 'succeeded' | 'failed' | 'overrun';
export type PoolStats = { total: number; idle: number; waiting: number };

/**
 * The process's Prometheus metrics, in a registry of its own (not prom-client's global one, so that several
 * applications in one test process keep apart). Requests are labelled by route pattern (`/api/challenges/:id`), never
 * by raw URL, so the number of series stays bounded; requests that match no route share `route="(unmatched)"`.
 * The queue depth and the database pool are read when scraped.
 */
export class Metrics implements JobObserver {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_code'>;
  readonly #jobs: Histogram<'name' | 'outcome'>;
  readonly #analyses: Counter<'stage' | 'outcome'>;

  constructor(options: { processMetrics: boolean }) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'guild_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code: their count is the request rate, 5xx the errors',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.#jobs = new Histogram({
      name: 'guild_job_duration_seconds',
      help: 'Job runs by job name and outcome (completed, failed: will be retried or failed for good, invalid payload)',
      labelNames: ['name', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.#analyses = new Counter({
      name: 'guild_analysis_runs_total',
      help: 'Analysis stage runs (cv, brief, complexity, decomposition, idea) by outcome: succeeded, failed, overrun',
      labelNames: ['stage', 'outcome'],
      registers,
    });
  }

  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.#requests.observe({ method, route: route ?? '(unmatched)', status_code: String(statusCode) }, seconds);
  }

  jobFinished(name: string, outcome: JobOutcome, seconds: number): void {
    this.#jobs.observe({ name, outcome }, seconds);
  }

  analysisFinished(stage: string, outcome: AnalysisOutcome): void {
    this.#analyses.inc({ stage, outcome });
  }

  /**
   * `guild_jobs{name,state}`: jobs waiting (the queue depth), running and failed for good, counted when scraped. A
   * queue that cannot be read leaves the gauge empty for that scrape rather than failing it.
   */
  watchQueue(countJobs: (states: readonly JobCount['state'][]) => Promise<JobCount[]>): void {
    new Gauge({
      name: 'guild_jobs',
      help: 'Jobs in the queue by name and state (pending is the queue depth), read when scraped',
      labelNames: ['name', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        const counts = await countJobs(GAUGED_STATES).catch(() => []);
        for (const { name, state, count } of counts) this.set({ name, state }, count);
      },
    });
  }

  /** `guild_db_pool_connections{state}`: the PostgreSQL pool's connections (SQLite has no pool: no series). */
  watchDatabasePool(stats: () => PoolStats | null): void {
    new Gauge({
      name: 'guild_db_pool_connections',
      help: 'Database pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        this.reset();
        const current = stats();
        if (current === null) return;
        this.set({ state: 'total' }, current.total);
        this.set({ state: 'idle' }, current.idle);
        this.set({ state: 'waiting' }, current.waiting);
      },
    });
  }

  /** The exposition text and its content type, for `GET /metrics`. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
