import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { type AppDeps, createDeps } from '../src/app-deps.ts';
import { loadConfig } from '../src/config.ts';
import type { Dialect } from '../src/db/column-types.ts';
import { createDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { findMatchableTasks, findTaskCandidates } from '../src/modules/matching/matching-inputs.ts';
import { weeklyHoursNeeded } from '../src/modules/matching/scoring.ts';
import { matchTask } from '../src/pipeline/matching/matching.service.ts';
import { bulkInsert, resetSequences } from './bulk-insert.ts';
import { createRandom, type Random } from './fake.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { seedPeople, type Tables } from './seed-people.ts';
import { taxonomySkillRows } from './taxonomy-skills.ts';

/**
 * Matching at scale: one 8-task challenge against N contributors (the API benchmark's deterministic people seeding:
 * 3–8 of 300 skills per contributor with popular skills popular, 70% of them from a passed CV). Each task needs three
 * skills drawn the same way, so some tasks need the most common skills (tens of thousands of candidates at 100,000
 * contributors) and others rarer ones. Timed: `matchTask` for the 8 tasks in turn, as a worker runs them, including
 * the invitation transactions; between runs the invitations are removed so every run does the full work.
 */
export const TASKS_PER_CHALLENGE = 8;
const SKILLS_PER_TASK = 3;
const SKILLS = 300;

export type MatchingFigures = {
  contributors: number;
  engine: Dialect;
  /** Candidates scored over the 8 tasks (one contributor counts once per task). */
  candidates: number;
  invitations: number;
  /** Wall-clock time of each measured run. */
  runsMs: number[];
  /** This process's CPU time (user + system) of each run: on SQLite, the database's work too. */
  cpuMs: number[];
  seedSeconds: number;
};

const silent = { info() {}, warn() {}, error() {} };

function challengeRows(random: Random, skillIds: number[], tables: Tables): number[] {
  const now = new Date().toISOString();
  tables.set('challenges', [
    {
      id: 1,
      company_id: 1,
      title: 'Bench challenge',
      description: 'A challenge whose tasks are matched against every contributor of the benchmark database.',
      refined_brief: null,
      field: 'Software engineering',
      score: 7,
      complexity_level: 3,
      challenge_type: 'team_execution',
      status: 'active',
      ai_analysis_status: 'completed',
      rejection_reason: null,
      created_at: now,
      updated_at: now,
    },
  ]);
  const tasks: Record<string, unknown>[] = [];
  const taskSkills: Record<string, unknown>[] = [];
  for (let id = 1; id <= TASKS_PER_CHALLENGE; id++) {
    const skills = random.skewedSample(skillIds, SKILLS_PER_TASK);
    tasks.push({
      id,
      challenge_id: 1,
      workstream_id: null,
      title: `Bench task ${id}`,
      description: 'Matched by the benchmark.',
      required_skills: JSON.stringify(skills.map(String)),
      required_experience_level: random.pick(['junior', 'mid', 'senior']),
      expected_output: null,
      acceptance_criteria: '[]',
      estimated_hours: random.int(4, 40),
      complexity_score: random.int(1, 10),
      status: 'pending',
      created_at: now,
      updated_at: now,
    });
    for (const skillId of skills) taskSkills.push({ task_id: id, skill_id: skillId });
  }
  tables.set('tasks', tasks);
  tables.set('task_skills', taskSkills);
  return tasks.map((task) => task.id as number);
}

async function seed(db: Db, dialect: Dialect, contributors: number): Promise<number[]> {
  const random = createRandom(20_261_121);
  const tables: Tables = new Map();
  // Taxonomy skills, topped up by the seeder if there are fewer than SKILLS.
  const existingSkills = await taxonomySkillRows(db, SKILLS);
  const people = seedPeople(random, { skills: SKILLS, companies: 1, contributors }, tables, existingSkills);
  const taskIds = challengeRows(random, people.skillIds, tables);
  await db.transaction().execute(async (trx) => {
    for (const [table, rows] of tables) await bulkInsert(trx, dialect, table, rows);
    await resetSequences(trx, dialect, [
      'skills',
      'users',
      'companies',
      'volunteers',
      'volunteer_skills',
      'challenges',
      'tasks',
    ]);
  });
  // PostgreSQL's autovacuum would soon gather statistics after such a load; SQLite's service never runs ANALYZE.
  if (dialect === 'postgres') await db.executeQuery(CompiledQuery.raw('vacuum analyze'));
  return taskIds;
}

/** Puts the challenge back as decomposition left it: no invitations, no notifications, every task pending. */
async function reset(deps: AppDeps): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notifications').execute();
    await trx.deleteFrom('assignments').execute();
    await trx.updateTable('tasks').set({ status: 'pending' }).execute();
  });
}

async function countCandidates(db: Db, taskIds: number[]): Promise<number> {
  let total = 0;
  for (const task of await findMatchableTasks(db, taskIds)) {
    total += (await findTaskCandidates(db, task, weeklyHoursNeeded(task.estimatedHours))).length;
  }
  return total;
}

export async function benchMatching(options: {
  contributors: number;
  runs: number;
  postgresServer: string | null;
}): Promise<MatchingFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-bench-matching-'));
  const scratch = options.postgresServer ? await createScratchDatabase(options.postgresServer, 'guild_match') : null;
  const url = scratch?.url ?? `sqlite:${path.join(dataDir, 'bench.sqlite')}`;
  const handle = createDatabase({ url });
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url });
  const deps = await createDeps(config, handle);
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const seeded = performance.now();
    const taskIds = await seed(handle.db, handle.dialect, options.contributors);
    const seedSeconds = (performance.now() - seeded) / 1000;
    await deps.queue.start(silent);

    const runsMs: number[] = [];
    const cpuMs: number[] = [];
    let invitations = 0;
    // One warm-up run (statement caches, buffer pool), then the measured ones.
    for (let run = 0; run <= options.runs; run++) {
      await reset(deps);
      const started = performance.now();
      const cpu = process.cpuUsage();
      let invited = 0;
      for (const taskId of taskIds) invited += (await matchTask(deps, taskId)).length;
      if (run > 0) {
        runsMs.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cpuMs.push((used.user + used.system) / 1000);
      }
      invitations = invited;
    }
    const candidates = await countCandidates(handle.db, taskIds);
    return {
      contributors: options.contributors,
      engine: handle.dialect,
      candidates,
      invitations,
      runsMs,
      cpuMs,
      seedSeconds,
    };
  } finally {
    await deps.queue.stop();
    await handle.destroy();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
