/**
 * The shapes the taxonomy hands out, in a file of their own: skill-areas.ts names them without importing taxonomy.ts,
 * which imports skill-areas.ts (no import cycle, type imports included). taxonomy.ts re-exports them.
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
  /** Skill areas (ids of `Taxonomy.areas`), the main one first; none for soft skills. */
  areas: readonly string[];
  /** Name of the broader skill that holding this one implies (PostgreSQL → SQL), if any. */
  parent: string | null;
  /** The open-data concept the skill comes from (an ESCO URI or an O*NET code), if any. */
  ref: SkillRef | null;
};

export type SkillRef = { scheme: 'esco' | 'onet'; id: string; label: string };

/** A kind of work ("Mobile apps", "Backend & APIs", "Fundraising & grants"). */
export type SkillArea = {
  id: string;
  name: string;
  fields: readonly string[];
  /** Where its work sits in a plan: 1 discovery, 2 design, 3 build, 4 verify, 5 launch and grow, 6 run. */
  phase: number;
  /** The area that most often accompanies this one. */
  companion: string;
  /** What its work needs when a brief names none of its skills. */
  defaultSkills: readonly TaxonomySkill[];
  /** Its weak trigger phrases ("community", "track", "store"), as `AreaMention.triggers` gives them. */
  weakTriggers: readonly string[];
};

/** Where a skill is named: the parser's tokens from `firstToken` up to (not including) `endToken`. */
export type MentionSpan = { firstToken: number; endToken: number };

export type SkillMention = {
  skill: TaxonomySkill;
  mentions: number;
  firstIndex: number;
  /** Each place it is named, in order. */
  spans: readonly MentionSpan[];
};

/** An area a text calls for: by its trigger phrases ("mobile app", "database") and by the skills it names. */
export type AreaMention = {
  area: SkillArea;
  score: number;
  /** Skills named in the text that belong to this area, most mentioned first. */
  skills: readonly SkillMention[];
  /** Trigger phrases found, as the taxonomy writes them. */
  triggers: readonly string[];
};
