/**
 * The skills taxonomy: several hundred skills with aliases, categories and the fields of work they belong to,
 * shipped as data (skills.json beside this file). Everything that names a skill — briefs, CVs, tasks, people — is
 * resolved through it, so "JS", "javascript" and "JavaScript" are one skill.
 *
 * PLACEHOLDER INTERFACE — to be implemented (issue 3, taxonomy owner).
 */
export type SkillCategory = 'technical' | 'soft' | 'domain' | 'language' | 'tool';

export type TaxonomySkill = {
  name: string;
  /** Lower-cased canonical name; the key stored in `skills.slug`. */
  slug: string;
  category: SkillCategory;
  aliases: readonly string[];
  /** Fields of work the skill belongs to, e.g. "software", "data", "marketing", "design", "operations". */
  fields: readonly string[];
};

export type SkillMention = { skill: TaxonomySkill; mentions: number; firstIndex: number };

export interface Taxonomy {
  readonly skills: readonly TaxonomySkill[];
  /** Case-insensitive lookup by name or alias. */
  resolve(nameOrAlias: string): TaxonomySkill | undefined;
  /** Skills named in free text (names and aliases, as whole words/phrases), most mentioned first. */
  findInText(text: string): SkillMention[];
}

/** PLACEHOLDER until the taxonomy data lands: an empty taxonomy. */
export function loadTaxonomy(): Taxonomy {
  return { skills: [], resolve: () => undefined, findInText: () => [] };
}
