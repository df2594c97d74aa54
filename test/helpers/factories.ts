import type { Db } from '../../src/db/database.ts';
import type { AccountType } from '../../src/db/schema.ts';
import { createToken } from '../../src/modules/auth/tokens.service.ts';
import { recountNotifications } from '../../src/modules/notifications/notifications.repository.ts';
import { ensureSkillIds } from '../../src/modules/skills/skills.repository.ts';
import { addTaskToFeeds, refreshFeedOf, removeFromFeed } from '../../src/modules/tasks/task-fit.repository.ts';

/**
 * Rows for tests, inserted directly so that each test states only what matters to it. Every factory takes
 * overrides for any column. The factories of tasks, skills and assignments keep the contributors' feeds (`task_fit`)
 * as the service's writes do; a test that changes those tables by hand must do the same.
 */
let sequence = 0;
const next = () => ++sequence;
const now = () => new Date().toISOString();
const LOREM =
  'We need a clear plan to reduce onboarding time for new warehouse staff, with a training app, a short video ' +
  'series and a measurable checklist that managers can follow in their first two weeks.';

export async function createUser(db: Db, accountType: AccountType, overrides: Record<string, unknown> = {}) {
  const n = next();
  return db
    .insertInto('users')
    .values({
      name: `User ${n}`,
      email: `user${n}-${process.pid}@example.test`,
      password_hash: null,
      account_type: accountType,
      linkedin_id: null,
      // An account as it is once its address is confirmed (unconfirmed ones come from the registration form).
      email_verified_at: now(),
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createCompany(
  db: Db,
  overrides: { user?: Record<string, unknown>; company?: Record<string, unknown> } = {},
) {
  const user = await createUser(db, 'company', overrides.user);
  const company = await db
    .insertInto('companies')
    .values({
      user_id: user.id,
      company_name: `${user.name} Ltd`,
      industry: 'Logistics',
      website: 'https://example.test',
      description: 'A company.',
      logo_storage_key: null,
      created_at: now(),
      updated_at: now(),
      ...overrides.company,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await createToken(db, user.id, 'test', null);
  return { user, company, token };
}

export async function createVolunteer(
  db: Db,
  overrides: { user?: Record<string, unknown>; volunteer?: Record<string, unknown> } = {},
) {
  const user = await createUser(db, 'contributor', overrides.user);
  const volunteer = await db
    .insertInto('volunteers')
    .values({
      user_id: user.id,
      field: 'Software engineering',
      bio: 'I build things.',
      availability_hours_per_week: 10,
      experience_level: null,
      years_of_experience: null,
      professional_domains: '[]',
      education: '[]',
      work_experience: '[]',
      cv_storage_key: null,
      cv_file_name: null,
      cv_uploaded_at: null,
      ai_analysis_confidence: null,
      ai_analysis_error: null,
      ai_analyzed_at: null,
      created_at: now(),
      updated_at: now(),
      ...overrides.volunteer,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await createToken(db, user.id, 'test', null);
  return { user, volunteer, token };
}

/** A user with a token and no profile yet. */
export async function createAccount(db: Db, accountType: AccountType) {
  const user = await createUser(db, accountType);
  return { user, token: await createToken(db, user.id, 'test', null) };
}

export async function createChallenge(db: Db, companyId: number, overrides: Record<string, unknown> = {}) {
  const n = next();
  return db
    .insertInto('challenges')
    .values({
      company_id: companyId,
      title: `Challenge ${n}`,
      description: LOREM,
      refined_brief: null,
      field: 'Operations',
      score: 6,
      complexity_level: 3,
      challenge_type: 'team_execution',
      status: 'active',
      ai_analysis_status: 'completed',
      rejection_reason: null,
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createWorkstream(db: Db, challengeId: number, overrides: Record<string, unknown> = {}) {
  return db
    .insertInto('workstreams')
    .values({
      challenge_id: challengeId,
      title: `Workstream ${next()}`,
      description: 'A part of the work.',
      position: 1,
      status: 'active',
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The skills row of a name: a taxonomy skill (by its name or an alias) as the pipeline writes it, through
 * `ensureSkillIds`; any other name as a skill added by hand, found or created by its lower-cased name.
 */
export async function ensureSkill(db: Db, name: string, category: string | null = 'technical') {
  const [taxonomyId] = await ensureSkillIds(db, [name]);
  if (taxonomyId !== undefined) {
    return db.selectFrom('skills').selectAll().where('id', '=', taxonomyId).executeTakeFirstOrThrow();
  }
  const slug = name.toLowerCase();
  const existing = await db.selectFrom('skills').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (existing) return existing;
  return db.insertInto('skills').values({ name, slug, category }).returningAll().executeTakeFirstOrThrow();
}

export async function createTask(
  db: Db,
  challengeId: number,
  overrides: Record<string, unknown> & { skills?: string[] } = {},
) {
  const { skills = [], ...columns } = overrides;
  const task = await db
    .insertInto('tasks')
    .values({
      challenge_id: challengeId,
      workstream_id: null,
      title: `Task ${next()}`,
      description: 'Do the thing well.',
      required_skills: JSON.stringify(skills),
      required_experience_level: 'mid',
      expected_output: 'A working deliverable.',
      acceptance_criteria: JSON.stringify(['It works']),
      estimated_hours: 8,
      complexity_score: 5,
      status: 'pending',
      created_at: now(),
      updated_at: now(),
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const name of skills) {
    const skill = await ensureSkill(db, name);
    await db.insertInto('task_skills').values({ task_id: task.id, skill_id: skill.id }).execute();
  }
  await addTaskToFeeds(db, task.id);
  return task;
}

export async function addVolunteerSkill(db: Db, volunteerId: number, name: string, proficiency = 'advanced') {
  const skill = await ensureSkill(db, name);
  await db
    .insertInto('volunteer_skills')
    .values({
      volunteer_id: volunteerId,
      skill_id: skill.id,
      proficiency_level: proficiency,
      years_of_experience: 3,
      source: 'manual',
      created_at: now(),
    })
    .execute();
  await refreshFeedOf(db, volunteerId);
  return skill;
}

export async function createAssignment(
  db: Db,
  taskId: number,
  volunteerId: number,
  overrides: Record<string, unknown> = {},
) {
  const assignment = await db
    .insertInto('assignments')
    .values({
      task_id: taskId,
      volunteer_id: volunteerId,
      status: 'invited',
      match_score: 80,
      match_reasoning: JSON.stringify({
        summary: 'Good fit',
        strengths: ['skills'],
        gaps: [],
        skill_match_percentage: 80,
      }),
      decline_reason: null,
      invited_at: now(),
      responded_at: null,
      started_at: null,
      submitted_at: null,
      completed_at: null,
      actual_hours: null,
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await removeFromFeed(db, volunteerId, taskId);
  return assignment;
}

export async function createTeam(
  db: Db,
  challengeId: number,
  members: Array<{ volunteerId: number; role?: string; status?: string }>,
  overrides: Record<string, unknown> = {},
) {
  const team = await db
    .insertInto('teams')
    .values({
      challenge_id: challengeId,
      name: `Team ${next()}`,
      status: 'forming',
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const member of members) {
    await db
      .insertInto('team_members')
      .values({
        team_id: team.id,
        volunteer_id: member.volunteerId,
        role: member.role ?? 'member',
        status: member.status ?? 'accepted',
        invited_at: now(),
        responded_at: null,
      })
      .execute();
  }
  return team;
}

export async function createIdea(
  db: Db,
  challengeId: number,
  volunteerId: number,
  overrides: Record<string, unknown> = {},
) {
  return db
    .insertInto('ideas')
    .values({
      challenge_id: challengeId,
      volunteer_id: volunteerId,
      title: `Idea ${next()}`,
      description: LOREM,
      status: 'scored',
      ai_score: 70,
      ai_feedback: JSON.stringify({
        summary: 'Solid',
        strengths: [],
        weaknesses: [],
        suggestions: [],
        scores: { feasibility: 70, innovation: 70, impact: 70, alignment: 70 },
      }),
      final_score: 58,
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A notification row as given; the user's kept counts are counted again after it, as the module's writes keep them. */
/** A notification row as given; its `challenge_id` column follows `data.challenge_id`, as `notify` writes it. */
export async function createNotification(db: Db, userId: number, overrides: Record<string, unknown> = {}) {
  const data = typeof overrides.data === 'string' ? (JSON.parse(overrides.data) as { challenge_id?: number }) : {};
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      type: 'task_assignment',
      title: 'You are invited',
      message: 'You have been invited to a task.',
      action_url: '/dashboard',
      data: '{}',
      challenge_id: data.challenge_id ?? null,
      read_at: null,
      created_at: now(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recountNotifications(db, userId);
  return row;
}

export const LONG_TEXT = LOREM;
