import type { PhraseMatch } from './phrase-matcher.ts';
import type { AreaMention, SkillArea, SkillMention } from './taxonomy-types.ts';

/** A trigger phrase of an area: "mobile app" calls for mobile work; weak ones ("app") count half. */
export type AreaTrigger = { areaId: string; weight: number; phrase: string };

/** The area of work done in and between languages (translation, interpreting, localisation) in areas.json. */
export const LANGUAGE_WORK_AREA = 'translation';

/** An area counts as called for from this score: one clear trigger, or one of its skills. */
const AREA_THRESHOLD = 1;

const SKILL_WEIGHT = 1.5;
/** Saying it again adds a little: repetition is emphasis, not new scope. */
const REPEAT_WEIGHT = 0.25;

type Tally = { score: number; skills: SkillMention[]; triggers: Map<string, number> };

/**
 * Scores the areas a text calls for. Trigger phrases count first, then the skills named: a skill of one area counts
 * for it; a skill of several (Python: backend, data science, data engineering, automation) counts for those of its
 * areas the text already calls for, or else for its main area — so "Python and pandas to forecast demand" is data
 * science, not a backend. Languages count only where the text asks for translation or interpreting.
 */
export function findAreas(
  skills: readonly SkillMention[],
  triggers: readonly PhraseMatch<AreaTrigger[]>[],
  areaById: ReadonlyMap<string, SkillArea>,
): AreaMention[] {
  const tallies = new Map<string, Tally>();
  const tally = (areaId: string) => {
    let entry = tallies.get(areaId);
    if (!entry) tallies.set(areaId, (entry = { score: 0, skills: [], triggers: new Map() }));
    return entry;
  };

  for (const match of triggers) {
    for (const trigger of match.target) {
      const entry = tally(trigger.areaId);
      const seen = entry.triggers.get(trigger.phrase) ?? 0;
      entry.score += seen === 0 ? trigger.weight : trigger.weight * REPEAT_WEIGHT;
      entry.triggers.set(trigger.phrase, seen + 1);
    }
  }
  const credit = (areaId: string, mention: SkillMention) => {
    const entry = tally(areaId);
    entry.score += SKILL_WEIGHT + REPEAT_WEIGHT * (mention.mentions - 1);
    entry.skills.push(mention);
  };
  // A language named ("in plain English") is no call for translation unless the text asks for translation.
  const isLanguage = (mention: SkillMention) => mention.skill.category === 'language';
  const single = skills.filter((mention) => mention.skill.areas.length === 1 && !isLanguage(mention));
  const several = skills.filter((mention) => mention.skill.areas.length > 1 || isLanguage(mention));
  for (const mention of single) credit(mention.skill.areas[0], mention);
  const calledFor = (areaId: string) => (tallies.get(areaId)?.score ?? 0) >= AREA_THRESHOLD;
  for (const mention of several) {
    const present = mention.skill.areas.filter(calledFor);
    const fallback = isLanguage(mention) ? [] : [mention.skill.areas[0]];
    for (const areaId of present.length > 0 ? present : fallback) credit(areaId, mention);
  }

  return [...tallies]
    .filter(([, entry]) => entry.score >= AREA_THRESHOLD)
    .map(([areaId, entry]) => ({
      area: areaById.get(areaId)!,
      score: Math.round(entry.score * 100) / 100,
      // In the text's order of prominence, whichever rule credited them.
      skills: [...entry.skills].sort((a, b) => skills.indexOf(a) - skills.indexOf(b)),
      triggers: [...entry.triggers.keys()],
    }))
    .sort((a, b) => b.score - a.score || a.area.phase - b.area.phase || a.area.id.localeCompare(b.area.id));
}
