import type { Random } from './fake.ts';
import { prose, timeline, title } from './fake.ts';
import type { People, Tables } from './seed-people.ts';

type Row = Record<string, unknown>;

const CHALLENGE_STATUSES = [
  ['active', 55],
  ['in_progress', 25],
  ['completed', 8],
  ['submitted', 4],
  ['analyzing', 3],
  ['rejected', 2],
  ['archived', 3],
] as const;
const OPEN_TASK_STATUSES = [
  ['pending', 45],
  ['matching', 35],
  ['assigned', 6],
  ['in_progress', 6],
  ['completed', 8],
] as const;
const FIELDS = ['Operations', 'Technology', 'Marketing', 'Education', 'Health', 'Sustainability', 'Finance'];

export type Work = {
  /** Challenges a contributor can see, by type, for teams and ideas. */
  teamChallengeIds: number[];
  communityChallengeIds: number[];
  /** A visible team_execution challenge with analyses, workstreams and tasks: the GET /challenges/{id} subject. */
  showcaseChallengeId: number;
};

function analysis(random: Random, id: number, challengeId: number, stage: string, createdAt: string): Row {
  const list = (count: number) => JSON.stringify(Array.from({ length: count }, () => prose(random, 60)));
  return {
    id,
    challenge_id: challengeId,
    stage,
    summary: prose(random, random.int(150, 400)),
    objectives: list(3),
    constraints: list(2),
    success_criteria: list(3),
    stakeholders: list(2),
    risks: list(2),
    recommended_approach: prose(random, 200),
    confidence_score: random.int(60, 95),
    provider: 'local',
    model: 'local-heuristic-1',
    created_at: createdAt,
  };
}

/**
 * Challenges with the contract's status mix (80% active or in progress), their analyses, workstreams and tasks
 * (with task_skills), and assignments that respect the one-active-task-per-contributor index.
 */
export function seedChallenges(
  random: Random,
  people: People,
  size: { challenges: number; tasks: number; contributors: number },
  tables: Tables,
): Work {
  const challenges: Row[] = [];
  const analyses: Row[] = [];
  const at = timeline(size.challenges, 720);
  for (let id = 1; id <= size.challenges; id++) {
    const status = random.weighted(CHALLENGE_STATUSES);
    const analyzed = status !== 'submitted' && status !== 'analyzing';
    const type =
      analyzed && status !== 'rejected' ? (random.chance(0.3) ? 'community_discussion' : 'team_execution') : null;
    const createdAt = at(id);
    challenges.push({
      id,
      company_id: id <= 20 ? 1 : random.int(1, people.companyCount),
      title: title(random),
      description: prose(random, random.int(300, 1500)),
      refined_brief: type ? prose(random, random.int(200, 600)) : null,
      field: analyzed ? random.pick(FIELDS) : null,
      score: analyzed ? random.int(1, 10) : null,
      complexity_level: type === null ? null : type === 'community_discussion' ? random.int(1, 2) : random.int(3, 4),
      challenge_type: type,
      status,
      ai_analysis_status: analyzed ? 'completed' : status === 'analyzing' ? 'processing' : 'pending',
      rejection_reason:
        status === 'rejected' ? 'The brief does not describe a problem that contributors can work on.' : null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (analyzed) analyses.push(analysis(random, analyses.length + 1, id, 'brief', createdAt));
    if (type) analyses.push(analysis(random, analyses.length + 1, id, 'complexity', createdAt));
    if (type === 'team_execution') analyses.push(analysis(random, analyses.length + 1, id, 'decomposition', createdAt));
  }

  const visible = (row: Row) => ['active', 'in_progress', 'completed'].includes(row.status as string);
  const withTasks = challenges.filter((row) => row.challenge_type === 'team_execution');
  const { workstreams, tasks, taskSkills } = seedTasks(random, people, withTasks, size.tasks);
  tables.set('challenges', challenges);
  tables.set('challenge_analyses', analyses);
  tables.set('workstreams', workstreams);
  tables.set('tasks', tasks);
  tables.set('task_skills', taskSkills);
  tables.set('assignments', seedAssignments(random, tasks, taskSkills, size.contributors, people.broadSkillIds));
  const showcase = withTasks.find((row) => row.status === 'active' && row.company_id !== 1) ?? withTasks[0];
  return {
    teamChallengeIds: withTasks.filter(visible).map((row) => row.id as number),
    communityChallengeIds: challenges
      .filter((row) => visible(row) && row.challenge_type === 'community_discussion')
      .map((row) => row.id as number),
    showcaseChallengeId: showcase.id as number,
  };
}

function seedTasks(random: Random, people: People, challenges: Row[], total: number) {
  const workstreams: Row[] = [];
  const tasks: Row[] = [];
  const taskSkills: Row[] = [];
  const perChallenge = total / Math.max(1, challenges.length);
  challenges.forEach((challenge, index) => {
    const count = Math.round((index + 1) * perChallenge) - Math.round(index * perChallenge);
    const streamIds: number[] = [];
    const streams = Math.min(5, Math.max(2, Math.ceil(count / 3)));
    for (let position = 1; position <= streams; position++) {
      const id = workstreams.length + 1;
      streamIds.push(id);
      workstreams.push({
        id,
        challenge_id: challenge.id,
        title: title(random),
        description: prose(random, random.int(80, 300)),
        position,
        status: challenge.status === 'completed' ? 'completed' : 'active',
        created_at: challenge.created_at,
        updated_at: challenge.created_at,
      });
    }
    for (let n = 0; n < count; n++) {
      const id = tasks.length + 1;
      const skillIds = random.skewedSample(people.skillIds, random.int(1, 4));
      const status =
        challenge.status === 'completed'
          ? 'completed'
          : challenge.status === 'archived'
            ? random.pick(['pending', 'matching', 'completed'])
            : random.weighted(OPEN_TASK_STATUSES);
      tasks.push({
        id,
        challenge_id: challenge.id,
        workstream_id: streamIds[n % streamIds.length],
        title: title(random),
        description: prose(random, random.int(150, 700)),
        required_skills: JSON.stringify(skillIds.map((skillId) => people.skillNames.get(skillId))),
        required_experience_level: random.pick(['junior', 'mid', 'senior']),
        expected_output: prose(random, 120),
        acceptance_criteria: JSON.stringify([prose(random, 60), prose(random, 60)]),
        estimated_hours: random.int(4, 40),
        complexity_score: random.int(1, 10),
        status,
        created_at: challenge.created_at,
        updated_at: challenge.created_at,
      });
      for (const skillId of skillIds) taskSkills.push({ task_id: id, skill_id: skillId });
    }
  });
  return { workstreams, tasks, taskSkills };
}

/**
 * Invitations on matching tasks, one accepted/in-progress/completed assignment on tasks past matching. A task whose
 * status needs an active assignment when every contributor already holds one goes back to pending, as it would.
 * Contributor 1 (the benchmark's) is invited to a few tasks matching its skills, so "not already assigned" matters.
 */
function seedAssignments(
  random: Random,
  tasks: Row[],
  taskSkills: Row[],
  contributors: number,
  broadSkillIds: number[],
): Row[] {
  const assignments: Row[] = [];
  const busy = new Set<number>();
  const add = (task: Row, volunteerId: number, status: string) => {
    const at = task.created_at as string;
    assignments.push({
      id: assignments.length + 1,
      task_id: task.id,
      volunteer_id: volunteerId,
      status,
      match_score: random.int(60, 98),
      match_reasoning: JSON.stringify({
        summary: 'Skills match',
        strengths: ['skills'],
        gaps: [],
        skill_match_percentage: 80,
      }),
      decline_reason: status === 'declined' ? 'No time this month.' : null,
      invited_at: at,
      responded_at: status === 'invited' ? null : at,
      started_at: ['in_progress', 'completed'].includes(status) ? at : null,
      submitted_at: status === 'completed' ? at : null,
      completed_at: status === 'completed' ? at : null,
      actual_hours: status === 'completed' ? random.int(4, 40) : null,
      created_at: at,
      updated_at: at,
    });
  };
  const someone = (except: Set<number>) => {
    for (let tries = 0; tries < 20; tries++) {
      const id = random.int(2, contributors);
      if (!except.has(id)) return id;
    }
    return null;
  };
  for (const task of tasks) {
    const status = task.status as string;
    if (status === 'matching') {
      const invited = new Set<number>();
      for (let n = random.int(1, 3); n > 0; n--) {
        const id = someone(invited);
        if (id === null) continue;
        invited.add(id);
        add(task, id, random.chance(0.8) ? 'invited' : 'declined');
      }
    } else if (status === 'assigned' || status === 'in_progress') {
      const id = someone(busy);
      if (id === null) task.status = 'pending';
      else {
        busy.add(id);
        add(task, id, status === 'assigned' ? 'accepted' : 'in_progress');
      }
    } else if (status === 'completed') {
      const id = someone(new Set());
      if (id !== null) add(task, id, 'completed');
    }
  }
  const broad = new Set(broadSkillIds);
  const mine = new Set(
    taskSkills.filter((row) => broad.has(row.skill_id as number)).map((row) => row.task_id as number),
  );
  const invitable = tasks.filter((task) => mine.has(task.id as number) && task.status === 'pending').slice(0, 5);
  for (const task of invitable) {
    task.status = 'matching';
    add(task, 1, 'invited');
  }
  return assignments;
}
