import type { JobQueue, JobState } from '../jobs/job-queue.ts';
import { CommandFailure, UsageError } from './cli-errors.ts';
import type { Command, CommandContext } from './command.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const quiet = { info() {}, warn() {}, error() {} };

/**
 * Runs `action` on the deployment's queue engine (the jobs table, or pg-boss on PostgreSQL). The CLI does not take
 * part in pg-boss maintenance: that is the long-running processes' work.
 */
export async function withQueue<T>(
  { config, db }: CommandContext,
  action: (queue: JobQueue) => Promise<T>,
): Promise<T> {
  // pg-boss is heavy to load: only the jobs commands need it.
  const { createJobQueue } = await import('../jobs/create-job-queue.ts');
  const queue = createJobQueue(config, db, { maintain: false });
  await queue.start(quiet);
  try {
    return await action(queue);
  } finally {
    await queue.stop();
  }
}

/** The states `jobs:status` shows, in this order. */
const STATES: readonly JobState[] = ['pending', 'running', 'failed', 'completed'];

/** Operator commands for the queue: how many jobs wait, run and failed; the failed ones listed, and run again. */
export const jobsCommands: Record<string, Command> = {
  'jobs:status': {
    summary: 'Count the jobs of each name in each state (pending, running, failed, completed), with the totals.',
    options: {},
    examples: ['guild jobs:status'],
    async run(context) {
      const counts = await withQueue(context, (queue) => queue.countJobs(STATES));
      if (counts.length === 0) {
        context.print('No jobs.');
        return;
      }
      const names = [...new Set(counts.map((count) => count.name))].sort();
      const countOf = (name: string | null, state: JobState) =>
        counts
          .filter((count) => count.state === state && (name === null || count.name === name))
          .reduce((sum, count) => sum + count.count, 0);
      const rows = [...names, null].map((name) => [
        name ?? 'TOTAL',
        ...STATES.map((state) => String(countOf(name, state))),
      ]);
      const header = ['NAME', ...STATES.map((state) => state.toUpperCase())];
      for (const line of formatTable(header, rows)) context.print(line);
    },
  },

  'jobs:failed': {
    summary: 'List background jobs that failed for good (newest first, at most 100).',
    options: {},
    examples: ['guild jobs:failed'],
    async run(context) {
      const jobs = await withQueue(context, (queue) => queue.listFailed(100));
      if (jobs.length === 0) {
        context.print('No failed jobs.');
        return;
      }
      const rows = jobs.map((job) => [
        job.id,
        job.name,
        `${job.attempts}/${job.maxAttempts}`,
        job.failedAt,
        firstLine(job.lastError ?? '').trim() || '(no error recorded)',
      ]);
      for (const line of formatTable(['ID', 'NAME', 'ATTEMPTS', 'FAILED AT', 'LAST ERROR'], rows)) context.print(line);
    },
  },

  'jobs:retry': {
    summary: 'Put failed jobs back in the queue with a fresh set of attempts; the worker runs them again.',
    options: {
      id: {
        type: 'string',
        value: 'ID',
        description: 'Retry the failed job with this id (as jobs:failed shows it: a number, or a UUID on PostgreSQL).',
      },
      all: { type: 'boolean', description: 'Retry every failed job.' },
    },
    exactlyOneOf: [['id', 'all']],
    examples: ['guild jobs:retry --id 42', 'guild jobs:retry --all'],
    async run(context, options) {
      const id = options.all ? null : parseJobId(options.id as string);
      const count = await withQueue(context, (queue) => queue.retry(id === null ? 'all' : { id }));
      if (id !== null && count === 0) throw new CommandFailure(`No failed job has the id ${id}.`);
      context.print(
        count === 0 ? 'No failed jobs to retry.' : `Requeued ${count} failed job${count === 1 ? '' : 's'}.`,
      );
    },
  },
};

function parseJobId(raw: string): string {
  const id = raw.trim();
  const isNumber = /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) && Number(id) >= 1;
  if (!isNumber && !UUID.test(id)) {
    throw new UsageError(`The option --id must be a job id: a positive integer or a UUID (got "${raw}").`);
  }
  return isNumber ? String(Number(id)) : id.toLowerCase();
}

/** The first line of a text, without its line ending: an error's message without its stack. */
function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0];
}

/** Left-aligned columns, two spaces apart; the last column is not padded. */
export function formatTable(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  return all.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd(),
  );
}
