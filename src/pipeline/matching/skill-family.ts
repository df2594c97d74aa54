import { loadTaxonomy, type Taxonomy, type TaxonomySkill } from '../../ai/taxonomy/taxonomy.ts';
import type { Db } from '../../db/database.ts';
import { findSkillNames, findSkillsBySlugs, type MatchableTask } from './matching.repository.ts';

/**
 * Skills related through the taxonomy's parent links. A narrower skill satisfies a broader one: whoever holds
 * "PostgreSQL" can do work that needs "SQL", whoever holds "TIG Welding" work that needs "Welding" — never the
 * other way round, since holding the broad skill says nothing about the particular one.
 */
function taxonomySkills(taxonomy: Taxonomy, names: readonly string[]): TaxonomySkill[] {
  return names.map((name) => taxonomy.resolve(name)).filter((skill) => skill !== undefined);
}

/** The tasks with each required skill's narrower skills attached, as far as the database holds them. */
export async function withNarrowerSkills(
  db: Db,
  tasks: readonly MatchableTask[],
  taxonomy: Taxonomy = loadTaxonomy(),
): Promise<MatchableTask[]> {
  const narrowerByName = new Map<string, string[]>();
  for (const skill of tasks.flatMap((task) => task.skills)) {
    if (narrowerByName.has(skill.name)) continue;
    const known = taxonomy.resolve(skill.name);
    narrowerByName.set(skill.name, known ? taxonomy.narrowerOf(known).map((narrower) => narrower.slug) : []);
  }
  const rows = await findSkillsBySlugs(db, [...narrowerByName.values()].flat());
  const rowBySlug = new Map(rows.map((row) => [row.name.toLowerCase(), row]));
  return tasks.map((task) => ({
    ...task,
    skills: task.skills.map((skill) => ({
      ...skill,
      narrower: (narrowerByName.get(skill.name) ?? []).flatMap((slug) => rowBySlug.get(slug) ?? []),
    })),
  }));
}

/** The ids of the skills broader than the given ones (their parents, grandparents…), as far as the database holds them. */
export async function broaderSkillIds(
  db: Db,
  skillIds: readonly number[],
  taxonomy: Taxonomy = loadTaxonomy(),
): Promise<number[]> {
  const held = taxonomySkills(taxonomy, await findSkillNames(db, skillIds));
  const slugs = held.flatMap((skill) => taxonomy.broaderOf(skill).map((broader) => broader.slug));
  const rows = await findSkillsBySlugs(db, slugs);
  return rows.map((row) => row.id);
}
