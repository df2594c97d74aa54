import type { Random } from './fake.ts';
import { prose, timeline } from './fake.ts';

/** Rows per table, keyed by table name, in insertion order (parents before children). */
/**
 * Rows per table, in insertion order. A table may be a generator, consumed while it is written, so that the largest
 * tables (notifications: 2,000,000 rows at BENCH_SCALE=10) are never held in memory whole.
 */
export type Tables = Map<string, Iterable<Record<string, unknown>>>;

const AREAS = ['Retail', 'Energy', 'Education', 'Logistics', 'Public sector', 'Insurance', 'Agriculture', 'Media'];
const CRAFTS = ['analytics', 'strategy', 'operations', 'research', 'reporting', 'compliance', 'automation', 'design'];
const CATEGORIES = ['technical', 'soft', 'domain', 'language', 'tool'];
const FIELDS = ['Software engineering', 'Data science', 'Design', 'Operations', 'Marketing', 'Finance', 'Education'];
const PROFICIENCY = [
  ['beginner', 1],
  ['intermediate', 3],
  ['advanced', 3],
  ['expert', 1],
] as const;

/**
 * The benchmark's two contributors, as positions in the skill pool (earlier skills are drawn more often): contributor
 * 1 holds the six most common skills (about a fifth of the open tasks match), contributor 2 five skills of middling
 * popularity (a few percent match), as most contributors do.
 */
const BROAD_SKILLS = [0, 1, 2, 3, 4, 5];
const TYPICAL_SKILLS = [19, 44, 79, 149, 219];

export type ExistingSkill = { id: number; name: string };
export type People = {
  skillIds: number[];
  skillNames: Map<number, string>;
  /** Contributor 1's skills. */
  broadSkillIds: number[];
  companyCount: number;
};

/**
 * The skills tasks and contributors draw from: the first `count` skills already in the database (the taxonomy the
 * migrations install), topped up with generated "area craft" skills when it holds fewer.
 */
function skillPool(random: Random, existing: ExistingSkill[], count: number, tables: Tables): ExistingSkill[] {
  const pool = existing.slice(0, count);
  const added: Record<string, unknown>[] = [];
  let nextId = Math.max(0, ...existing.map((skill) => skill.id)) + 1;
  const taken = new Set(existing.map((skill) => skill.name.toLowerCase()));
  for (let n = 0; pool.length < count; n++) {
    const round = Math.floor(n / (AREAS.length * CRAFTS.length));
    const name = `${AREAS[n % AREAS.length]} ${CRAFTS[Math.floor(n / AREAS.length) % CRAFTS.length]} ${round + 1}`;
    if (taken.has(name.toLowerCase())) continue;
    added.push({ id: nextId, name, slug: name.toLowerCase(), category: random.pick(CATEGORIES) });
    pool.push({ id: nextId++, name });
  }
  tables.set('skills', added);
  return pool;
}

/**
 * Company users with profiles, and contributor users with profiles and skills from the pool. Company n has user id
 * n; contributor n has user id companies + n and volunteer id n. Contributors 1 and 2 have fixed skills (above) so
 * that /tasks/available measures known cases.
 */
export function seedPeople(
  random: Random,
  size: { skills: number; companies: number; contributors: number },
  tables: Tables,
  existingSkills: ExistingSkill[] = [],
): People {
  const pool = skillPool(random, existingSkills, size.skills, tables);
  const skillIds = pool.map((skill) => skill.id);
  const skillNames = new Map(pool.map((skill) => [skill.id, skill.name]));
  const fixedSkills = (positions: number[]) => positions.map((position) => skillIds[position % skillIds.length]);

  const users: Record<string, unknown>[] = [];
  const companies: Record<string, unknown>[] = [];
  const volunteers: Record<string, unknown>[] = [];
  const volunteerSkills: Record<string, unknown>[] = [];
  const at = timeline(size.companies + size.contributors, 900);
  const user = (accountType: string, label: string) => {
    const id = users.length + 1;
    const createdAt = at(id);
    users.push({
      id,
      name: `${label} ${id}`,
      email: `${accountType}${id}@bench.example`,
      password_hash: null,
      account_type: accountType,
      is_active: 1,
      linkedin_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    return { id, createdAt };
  };

  for (let n = 1; n <= size.companies; n++) {
    const { id, createdAt } = user('company', 'Company owner');
    companies.push({
      id: n,
      user_id: id,
      company_name: `${random.pick(AREAS)} Company ${n}`,
      industry: random.pick(AREAS),
      website: `https://company${n}.example`,
      description: prose(random, random.int(80, 400)),
      logo_storage_key: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }

  for (let n = 1; n <= size.contributors; n++) {
    const { id, createdAt } = user('contributor', 'Contributor');
    volunteers.push({
      id: n,
      user_id: id,
      field: random.pick(FIELDS),
      bio: prose(random, random.int(60, 600)),
      availability_hours_per_week: random.int(2, 40),
      experience_level: random.pick(['student', 'junior', 'mid', 'senior', 'expert']),
      years_of_experience: random.int(0, 25),
      professional_domains: JSON.stringify([random.pick(AREAS), random.pick(AREAS)]),
      education: JSON.stringify([
        { degree: 'BSc', field_of_study: random.pick(FIELDS), institution: 'Open University', graduation_year: 2015 },
      ]),
      work_experience: JSON.stringify([
        { job_title: 'Analyst', company: 'Acme', start_date: '2018-01', end_date: null, duration_years: 6 },
      ]),
      reputation_score: random.int(0, 400),
      cv_storage_key: null,
      cv_file_name: null,
      cv_uploaded_at: null,
      ai_analysis_status: 'completed',
      ai_analysis_confidence: random.int(50, 98),
      ai_analysis_error: null,
      ai_analyzed_at: createdAt,
      validation_status: 'passed',
      created_at: createdAt,
      updated_at: createdAt,
    });
    const chosen =
      n === 1
        ? fixedSkills(BROAD_SKILLS)
        : n === 2
          ? fixedSkills(TYPICAL_SKILLS)
          : random.skewedSample(skillIds, random.int(3, 8));
    for (const skillId of chosen) {
      volunteerSkills.push({
        id: volunteerSkills.length + 1,
        volunteer_id: n,
        skill_id: skillId,
        proficiency_level: random.weighted(PROFICIENCY),
        years_of_experience: random.int(0, 15),
        source: random.chance(0.7) ? 'cv_analysis' : 'manual',
        created_at: createdAt,
      });
    }
  }

  tables.set('users', users);
  tables.set('companies', companies);
  tables.set('volunteers', volunteers);
  tables.set('volunteer_skills', volunteerSkills);
  return { skillIds, skillNames, broadSkillIds: fixedSkills(BROAD_SKILLS), companyCount: size.companies };
}
