import type { Random } from './fake.ts';
import { prose, timeline } from './fake.ts';

/** Rows per table, keyed by table name, in insertion order (parents before children). */
export type Tables = Map<string, Record<string, unknown>[]>;

const BASE_SKILLS: Array<[string, string, string[]]> = [
  ['JavaScript', 'technical', ['js']],
  ['TypeScript', 'technical', ['ts']],
  ['Python', 'technical', ['py']],
  ['SQL', 'technical', []],
  ['PostgreSQL', 'tool', ['postgres', 'pg']],
  ['React', 'tool', ['react.js', 'reactjs']],
  ['Node.js', 'tool', ['node', 'nodejs']],
  ['Kubernetes', 'tool', ['k8s']],
  ['Machine learning', 'technical', ['ml']],
  ['Data analysis', 'technical', []],
  ['UX design', 'technical', ['ux', 'user experience']],
  ['Project management', 'soft', ['pm']],
  ['Copywriting', 'soft', []],
  ['Public speaking', 'soft', []],
  ['Spanish', 'language', []],
  ['French', 'language', []],
  ['Supply chain', 'domain', []],
  ['Healthcare', 'domain', []],
  ['Finance', 'domain', []],
  ['Marketing', 'domain', []],
];
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
 * The benchmark's two contributors: contributor 1 holds the six most common skills (about a fifth of the open tasks
 * match), contributor 2 five skills of middling popularity (a few percent match), as most contributors do.
 */
const BROAD_SKILLS = [1, 2, 3, 4, 5, 6];
const TYPICAL_SKILLS = [20, 45, 80, 150, 220];

export type People = { skillIds: number[]; skillNames: Map<number, string>; companyCount: number };

/**
 * Skills (a curated head plus generated "area craft" skills), company users with profiles, and contributor users
 * with profiles and skills. Company n has user id n; contributor n has user id companies + n and volunteer id n.
 * Contributors 1 and 2 have fixed skills (below) so that /tasks/available measures known cases.
 */
export function seedPeople(
  random: Random,
  size: { skills: number; companies: number; contributors: number },
  tables: Tables,
): People {
  const skills: Record<string, unknown>[] = [];
  const aliases: Record<string, unknown>[] = [];
  for (const [name, category, names] of BASE_SKILLS.slice(0, size.skills)) {
    skills.push({ id: skills.length + 1, name, slug: name.toLowerCase(), category });
    for (const alias of names) aliases.push({ alias, skill_id: skills.length });
  }
  for (let n = 0; skills.length < size.skills; n++) {
    const name = `${AREAS[n % AREAS.length]} ${CRAFTS[Math.floor(n / AREAS.length) % CRAFTS.length]}${n >= 64 ? ` ${Math.floor(n / 64) + 1}` : ''}`;
    skills.push({ id: skills.length + 1, name, slug: name.toLowerCase(), category: random.pick(CATEGORIES) });
  }
  const skillIds = skills.map((skill) => skill.id as number);
  const skillNames = new Map(skills.map((skill) => [skill.id as number, skill.name as string]));

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
    const chosen = n === 1 ? BROAD_SKILLS : n === 2 ? TYPICAL_SKILLS : random.skewedSample(skillIds, random.int(3, 8));
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

  tables.set('skills', skills);
  tables.set('skill_aliases', aliases);
  tables.set('users', users);
  tables.set('companies', companies);
  tables.set('volunteers', volunteers);
  tables.set('volunteer_skills', volunteerSkills);
  return { skillIds, skillNames, companyCount: size.companies };
}
