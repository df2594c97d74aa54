import { type MatchMode, type PhraseEntry, PhraseMatcher } from './phrase-matcher.ts';
import { type AreaTrigger, findAreas } from './skill-areas.ts';
import { nameKey, readTaxonomyData, type SkillEntry, type TaxonomyData } from './taxonomy-data.ts';
import { type ParsedText, parseText } from './text-parser.ts';

/**
 * The skills taxonomy: several hundred skills with aliases, categories and the fields of work they belong to,
 * shipped as data (skills.json beside this file), and the skill areas (areas.json) that group them into the kinds of
 * work a brief can call for. Everything that names a skill — briefs, CVs, tasks, people — is resolved through it, so
 * "JS", "javascript" and "JavaScript" are one skill.
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
};

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
};

export type SkillMention = { skill: TaxonomySkill; mentions: number; firstIndex: number };

/** An area a text calls for: by its trigger phrases ("mobile app", "database") and by the skills it names. */
export type AreaMention = {
  area: SkillArea;
  score: number;
  /** Skills named in the text that belong to this area, most mentioned first. */
  skills: readonly SkillMention[];
  /** Trigger phrases found, as the taxonomy writes them. */
  triggers: readonly string[];
};

export interface Taxonomy {
  readonly skills: readonly TaxonomySkill[];
  readonly areas: readonly SkillArea[];
  /** Fields of work, e.g. "software", "marketing"; "general" when none applies. */
  readonly fields: readonly string[];
  /** Case-insensitive lookup by name or alias. */
  resolve(nameOrAlias: string): TaxonomySkill | undefined;
  area(id: string): SkillArea | undefined;
  /** Skills named in free text (names and aliases, as whole words/phrases), most mentioned first. */
  findInText(text: string | ParsedText): SkillMention[];
  /** Skill areas a text calls for, strongest first. */
  findAreasInText(text: string | ParsedText): AreaMention[];
  /** Areas a plan in this field usually needs, for briefs that name no area of their own. */
  areasForField(field: string): SkillArea[];
}

let cached: Taxonomy | undefined;

/** The taxonomy, read and checked once per process. */
export function loadTaxonomy(): Taxonomy {
  cached ??= buildTaxonomy(readTaxonomyData());
  return cached;
}

function buildTaxonomy(data: TaxonomyData): Taxonomy {
  const skills = data.skills.map(toSkill);
  const byKey = new Map<string, TaxonomySkill>();
  for (const skill of skills) {
    for (const term of [skill.name, ...skill.aliases]) byKey.set(nameKey(term), skill);
  }
  const resolve = (nameOrAlias: string) => byKey.get(nameKey(nameOrAlias));

  const areas: SkillArea[] = data.areas.map((entry) => ({
    id: entry.id,
    name: entry.name,
    fields: Object.freeze([...entry.fields]),
    phase: entry.phase,
    companion: entry.companion,
    defaultSkills: Object.freeze(entry.default_skills.map((name) => resolve(name)!)),
  }));
  const areaById = new Map(areas.map((area) => [area.id, area]));

  // Building the matchers tokenises every name and trigger with the NLP model: done on first use, so that a process
  // that only resolves names never loads the model.
  let skillMatcher: PhraseMatcher<TaxonomySkill> | undefined;
  let triggerMatcher: PhraseMatcher<AreaTrigger[]> | undefined;

  const findInText = (text: string | ParsedText): SkillMention[] => {
    skillMatcher ??= new PhraseMatcher(skillPhrases(data.skills, skills));
    const mentions = new Map<TaxonomySkill, SkillMention>();
    for (const match of skillMatcher.match(text)) {
      const mention = mentions.get(match.target);
      if (mention) mention.mentions++;
      else mentions.set(match.target, { skill: match.target, mentions: 1, firstIndex: match.start });
    }
    return [...mentions.values()].sort(
      (a, b) => b.mentions - a.mentions || a.firstIndex - b.firstIndex || a.skill.name.localeCompare(b.skill.name),
    );
  };

  return Object.freeze({
    skills: Object.freeze(skills),
    areas: Object.freeze(areas),
    fields: Object.freeze([...data.fields, 'general']),
    resolve,
    area: (id: string) => areaById.get(id),
    findInText,
    findAreasInText(text: string | ParsedText): AreaMention[] {
      const parsed = typeof text === 'string' ? parseText(text) : text;
      triggerMatcher ??= new PhraseMatcher(triggerPhrases(data));
      return findAreas(findInText(parsed), triggerMatcher.match(parsed), areaById);
    },
    areasForField(field: string): SkillArea[] {
      const ids = data.fieldDefaults[field] ?? data.fieldDefaults['general'] ?? [];
      return ids.map((id) => areaById.get(id)!);
    },
  });
}

function toSkill(entry: SkillEntry): TaxonomySkill {
  const seen = new Set([nameKey(entry.name)]);
  const aliases = (entry.aliases ?? []).filter((alias) => !seen.has(nameKey(alias)) && seen.add(nameKey(alias)));
  return Object.freeze({
    name: entry.name,
    slug: entry.name.toLowerCase(),
    category: entry.category,
    aliases: Object.freeze(aliases),
    fields: Object.freeze([...entry.fields]),
    areas: Object.freeze([...(entry.areas ?? [])]),
  });
}

function skillPhrases(entries: SkillEntry[], skills: TaxonomySkill[]): PhraseEntry<TaxonomySkill>[] {
  return entries.flatMap((entry, k) => {
    const terms = [...new Set([entry.name, ...(entry.aliases ?? [])])];
    return terms.map((phrase) => ({
      phrase,
      target: skills[k],
      mode: modeOf(entry, phrase),
    }));
  });
}

function modeOf(entry: SkillEntry, phrase: string): MatchMode {
  if (entry.contextual?.includes(phrase)) return 'contextual';
  return entry.exact_case?.includes(phrase) ? 'exact-case' : 'any-case';
}

/** One entry per phrase: "data" is a weak trigger of both data engineering and analytics. */
function triggerPhrases(data: TaxonomyData): PhraseEntry<AreaTrigger[]>[] {
  const byPhrase = new Map<string, AreaTrigger[]>();
  for (const area of data.areas) {
    const weighted = [
      ...area.triggers.map((phrase) => ({ phrase, weight: 1 })),
      ...area.weak_triggers.map((phrase) => ({ phrase, weight: 0.5 })),
    ];
    for (const { phrase, weight } of weighted) {
      const key = nameKey(phrase);
      const list = byPhrase.get(key) ?? [];
      if (!list.some((trigger) => trigger.areaId === area.id)) list.push({ areaId: area.id, weight, phrase: key });
      byPhrase.set(key, list);
    }
  }
  return [...byPhrase].map(([phrase, target]) => ({ phrase, target, mode: 'any-case' as const }));
}
