import type { Taxonomy, TaxonomySkill } from '../../ai/taxonomy/taxonomy.ts';
import { isCoreSkill, type RequiredSkill } from './scoring.ts';

/**
 * A task's neighbouring skills: the skills of the fields of work its core skills belong to ("Infection control" is
 * health work, so "Wound care" and "Patient assessment" are its neighbours). Held beside a required skill, they show
 * that the contributor does this kind of work, which a skill named once on an unrelated CV does not (an architect's
 * "Impact evaluation"); matching lets them raise a score, never make someone fit alone (scoring's `neighbours`).
 */

const skillsByField = new WeakMap<Taxonomy, ReadonlyMap<string, readonly TaxonomySkill[]>>();

/** The taxonomy's skills by field, built once per taxonomy: a task's neighbours are then a few map reads. */
function fieldIndex(taxonomy: Taxonomy): ReadonlyMap<string, readonly TaxonomySkill[]> {
  let index = skillsByField.get(taxonomy);
  if (!index) {
    const built = new Map<string, TaxonomySkill[]>();
    for (const skill of taxonomy.skills) {
      for (const field of skill.fields) {
        const list = built.get(field);
        if (list) list.push(skill);
        else built.set(field, [skill]);
      }
    }
    index = built;
    skillsByField.set(taxonomy, index);
  }
  return index;
}

/**
 * The neighbouring skills of a task's required skills (by name, as tasks store them): every skill sharing a field
 * with one of its core skills, less the required skills themselves. Supporting and soft skills bring no neighbours:
 * the field of "Report writing" says nothing about who can audit a clinic.
 */
export function neighbourSkillsOf(
  taxonomy: Taxonomy,
  skills: ReadonlyArray<Pick<RequiredSkill, 'name' | 'core' | 'category'>>,
): TaxonomySkill[] {
  const required = new Set<TaxonomySkill>();
  const fields = new Set<string>();
  for (const skill of skills) {
    const known = taxonomy.resolve(skill.name);
    if (!known) continue;
    required.add(known);
    if (isCoreSkill({ core: skill.core, category: skill.category ?? known.category }))
      for (const field of known.fields) fields.add(field);
  }
  const index = fieldIndex(taxonomy);
  const neighbours = new Set<TaxonomySkill>();
  for (const field of fields)
    for (const skill of index.get(field) ?? []) if (!required.has(skill)) neighbours.add(skill);
  return [...neighbours];
}
