import { loadTaxonomy, type Taxonomy, type TaxonomySkill } from '../../ai/taxonomy/taxonomy.ts';
import type { Db } from '../../db/database.ts';
import { idsBySlug, skillIdsForNames, skillNamesByIds } from '../skills/skills.repository.ts';
import type { MatchableTask } from './matching-inputs.ts';
import { neighbourSkillsOf } from './skill-neighbours.ts';

/**
 * Skills related through the taxonomy's parent links. A narrower skill satisfies a broader one: whoever holds
 * "PostgreSQL" can do work that needs "SQL", whoever holds "TIG Welding" work that needs "Welding" — never the
 * other way round, since holding the broad skill says nothing about the particular one.
 */

/**
 * The tasks with each required skill's narrower skills attached, and the task's neighbouring skills
 * (skill-neighbours.ts), as far as the database holds them: worked out once per task, so scoring a candidate is a
 * few map reads.
 */
export async function withRelatedSkills(
  db: Db,
  tasks: readonly MatchableTask[],
  taxonomy: Taxonomy = loadTaxonomy(),
): Promise<MatchableTask[]> {
  const narrowerByName = new Map<string, TaxonomySkill[]>();
  for (const skill of tasks.flatMap((task) => task.skills)) {
    if (narrowerByName.has(skill.name)) continue;
    const known = taxonomy.resolve(skill.name);
    narrowerByName.set(skill.name, known ? taxonomy.narrowerOf(known) : []);
  }
  const neighboursByTask = tasks.map((task) => neighbourSkillsOf(taxonomy, task.skills));
  const rows = await idsBySlug(db, [
    ...[...narrowerByName.values()].flat().map((narrower) => narrower.slug),
    ...neighboursByTask.flat().map((neighbour) => neighbour.slug),
  ]);
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  return tasks.map((task, index) => {
    const skills = task.skills.map((skill) => ({
      ...skill,
      fields: taxonomy.resolve(skill.name)?.fields ?? [],
      narrower: (narrowerByName.get(skill.name) ?? [])
        .flatMap((narrower) => {
          const id = idOf.get(narrower.slug);
          return id === undefined ? [] : [{ id, name: narrower.name }];
        })
        .sort((a, b) => a.id - b.id),
    }));
    const own = new Set(skills.flatMap((skill) => [skill.id, ...skill.narrower.map((narrower) => narrower.id)]));
    const neighbours = new Set(
      neighboursByTask[index]!.flatMap((neighbour) => idOf.get(neighbour.slug) ?? []).filter((id) => !own.has(id)),
    );
    return { ...task, skills, neighbours };
  });
}

/** The ids of the skills broader than the given ones (their parents, grandparents…), as far as the database holds them. */
export async function broaderSkillIds(
  db: Db,
  skillIds: readonly number[],
  taxonomy: Taxonomy = loadTaxonomy(),
): Promise<number[]> {
  const held = (await skillNamesByIds(db, skillIds)).map((name) => taxonomy.resolve(name));
  const broader = held.flatMap((skill) => (skill ? taxonomy.broaderOf(skill).map((parent) => parent.name) : []));
  return skillIdsForNames(db, broader);
}

/** A skill asked for by name, with the ids that satisfy it: its own and its narrower skills', as far as held. */
export type SkillFamily = { name: string; ids: number[]; viaById: ReadonlyMap<number, string> };

/**
 * The skill a name or alias stands for ("js" is JavaScript), with its narrower skills, as the ids the database holds.
 * Null when neither the taxonomy nor the skills table knows the name. A known skill nobody has named yet has no ids.
 */
export async function findSkillFamily(
  db: Db,
  nameOrAlias: string,
  taxonomy: Taxonomy = loadTaxonomy(),
): Promise<SkillFamily | null> {
  const known = taxonomy.resolve(nameOrAlias);
  if (!known) {
    const [id] = await skillIdsForNames(db, [nameOrAlias]);
    if (id === undefined) return null;
    const [name] = await skillNamesByIds(db, [id]);
    return { name: name ?? nameOrAlias, ids: [id], viaById: new Map() };
  }
  const narrower = taxonomy.narrowerOf(known);
  const rows = await idsBySlug(db, [known.slug, ...narrower.map((skill) => skill.slug)]);
  const nameBySlug = new Map(narrower.map((skill) => [skill.slug, skill.name]));
  const viaById = new Map<number, string>();
  for (const row of rows) {
    const via = nameBySlug.get(row.slug);
    if (via !== undefined && row.slug !== known.slug) viaById.set(row.id, via);
  }
  return { name: known.name, ids: rows.map((row) => row.id), viaById };
}
