import { type MatchMode, type PhraseEntry, PhraseMatcher } from './phrase-matcher.ts';
import { type AreaTrigger, findAreas } from './skill-areas.ts';
import { nameKey, readTaxonomyData, type SkillEntry, type TaxonomyData } from './taxonomy-data.ts';
import type { AreaMention, MentionSpan, SkillArea, SkillMention, TaxonomySkill } from './taxonomy-types.ts';
import { type ParsedText, parseText } from './text-parser.ts';

export type { AreaMention, SkillArea, SkillCategory, SkillMention, TaxonomySkill } from './taxonomy-types.ts';

/**
 * The skills taxonomy: skills with aliases, categories, the fields of work they belong to and a broader parent,
 * shipped as data (taxonomy.generated.json beside this file, built from the open data and the curated skills.json;
 * skills.json alone until it is built), and the skill areas (areas.json) that group them into the kinds of work a brief
 * can call for. Everything that names a skill — briefs, CVs, tasks, people — is resolved through it, so "JS",
 * "javascript" and "JavaScript" are one skill.
 */
export interface Taxonomy {
  readonly skills: readonly TaxonomySkill[];
  readonly areas: readonly SkillArea[];
  /** Fields of work, e.g. "software", "marketing"; "general" when none applies. */
  readonly fields: readonly string[];
  /** Case-insensitive lookup by name or alias. */
  resolve(nameOrAlias: string): TaxonomySkill | undefined;
  area(id: string): SkillArea | undefined;
  /** The skills this one implies: its parent, the parent's parent…, nearest first. */
  broaderOf(skill: TaxonomySkill): TaxonomySkill[];
  /** Every skill that implies this one: its children, their children…, nearest first. */
  narrowerOf(skill: TaxonomySkill): TaxonomySkill[];
  /** Skills named in free text (names and aliases, as whole words/phrases), most mentioned first. */
  findInText(text: string | ParsedText): SkillMention[];
  /** Skill areas a text calls for, strongest first. */
  findAreasInText(text: string | ParsedText): AreaMention[];
  /** Areas a plan in this field usually needs, for briefs that name no area of their own. */
  areasForField(field: string): SkillArea[];
}

/**
 * The key a skill is stored and compared under (`skills.slug`): the taxonomy skill's slug for a name or alias it knows;
 * else the name's own key (case and spacing folded, " & " read "and"), for a skill a CV lists that the taxonomy does
 * not know. The two never meet: a name whose key equals a taxonomy skill's slug resolves to that skill.
 */
export function skillSlug(taxonomy: Taxonomy, name: string): string {
  return taxonomy.resolve(name)?.slug ?? nameKey(name);
}

let cached: Taxonomy | undefined;

/** The taxonomy, read and checked once per process. */
export function loadTaxonomy(): Taxonomy {
  cached ??= buildTaxonomy(readTaxonomyData());
  return cached;
}

/** A taxonomy of the given data; `loadTaxonomy()` is the shipped one (benchmarks build others of the same shape). */
export function buildTaxonomy(data: TaxonomyData): Taxonomy {
  const skills = data.skills.map((entry, k) => toSkill(entry, data.distinctAliases[k]));
  const resolve = (nameOrAlias: string) => {
    const index = data.termIndex.get(nameKey(nameOrAlias));
    return index === undefined ? undefined : skills[index];
  };
  const { parentOf, childrenOf } = hierarchy(skills);

  const areas: SkillArea[] = data.areas.map((entry) => ({
    id: entry.id,
    name: entry.name,
    fields: Object.freeze([...entry.fields]),
    phase: entry.phase,
    companion: entry.companion,
    defaultSkills: Object.freeze(entry.default_skills.map((name) => resolve(name)!)),
    weakTriggers: Object.freeze(entry.weak_triggers.map(nameKey)),
  }));
  const areaById = new Map(areas.map((area) => [area.id, area]));

  // The matchers are built on first use: a process that only resolves names never loads the NLP model (the phrase
  // tokenizer consults its lexicon) nor spends the time and memory of the phrase index.
  let skillMatcher: PhraseMatcher<TaxonomySkill> | undefined;
  let triggerMatcher: PhraseMatcher<AreaTrigger[]> | undefined;

  const findInText = (text: string | ParsedText): SkillMention[] => {
    skillMatcher ??= new PhraseMatcher(skillPhrases(data.skills, skills), { stopWordsNeedContext: true });
    const mentions = new Map<TaxonomySkill, SkillMention & { spans: MentionSpan[] }>();
    for (const match of skillMatcher.match(text)) {
      const span = { firstToken: match.firstToken, endToken: match.endToken };
      const mention = mentions.get(match.target);
      if (mention) {
        mention.mentions++;
        mention.spans.push(span);
      } else mentions.set(match.target, { skill: match.target, mentions: 1, firstIndex: match.start, spans: [span] });
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
    broaderOf(skill: TaxonomySkill): TaxonomySkill[] {
      const chain: TaxonomySkill[] = [];
      for (let parent = parentOf.get(skill); parent; parent = parentOf.get(parent)) chain.push(parent);
      return chain;
    },
    narrowerOf(skill: TaxonomySkill): TaxonomySkill[] {
      const descendants: TaxonomySkill[] = [];
      // Breadth first over the children lists; the data has no cycles (checked when it is read).
      for (let next = childrenOf.get(skill) ?? []; next.length > 0; ) {
        descendants.push(...next);
        next = next.flatMap((child) => childrenOf.get(child) ?? []);
      }
      return descendants;
    },
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

function toSkill(entry: SkillEntry, aliases: readonly string[]): TaxonomySkill {
  return Object.freeze({
    name: entry.name,
    slug: entry.name.toLowerCase(),
    category: entry.category,
    aliases: Object.freeze(aliases),
    fields: Object.freeze([...entry.fields]),
    areas: Object.freeze([...(entry.areas ?? [])]),
    parent: entry.parent ?? null,
    ref: entry.ref ? Object.freeze({ ...entry.ref }) : null,
  });
}

/** Each skill's parent and children, by the parent's name (a canonical name, checked when the data is read). */
function hierarchy(skills: readonly TaxonomySkill[]) {
  const byName = new Map(skills.map((skill) => [nameKey(skill.name), skill]));
  const parentOf = new Map<TaxonomySkill, TaxonomySkill>();
  const childrenOf = new Map<TaxonomySkill, TaxonomySkill[]>();
  for (const skill of skills) {
    const parent = skill.parent === null ? undefined : byName.get(nameKey(skill.parent));
    if (!parent) continue;
    parentOf.set(skill, parent);
    const children = childrenOf.get(parent);
    if (children) children.push(skill);
    else childrenOf.set(parent, [skill]);
  }
  return { parentOf, childrenOf };
}

function skillPhrases(entries: SkillEntry[], skills: TaxonomySkill[]): PhraseEntry<TaxonomySkill>[] {
  return entries.flatMap((entry, k) => {
    const terms = [...new Set([entry.name, ...(entry.aliases ?? [])])];
    return terms.flatMap((phrase) => {
      const mode = modeOf(entry, phrase);
      return andVariants(phrase).map((variant) => ({ phrase: variant, target: skills[k], mode }));
    });
  });
}

/** A name with "and" between words is also written with "&", and the other way round ("Health & Safety"). */
function andVariants(phrase: string): string[] {
  if (phrase.includes(' & ')) return [phrase, phrase.replaceAll(' & ', ' and ')];
  if (phrase.includes(' and ')) return [phrase, phrase.replaceAll(' and ', ' & ')];
  return [phrase];
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
