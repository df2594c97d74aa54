import type { Scope } from '../complexity/scope.ts';
import type { AreaMention, SkillArea, SkillMention, Taxonomy } from '../taxonomy/taxonomy.ts';

/** A kind of work the plan gives a workstream, with the skills the brief names for it. */
export type PlannedArea = { area: SkillArea; named: readonly SkillMention[]; weight: number };

/** Workstreams per complexity level: a level-3 challenge is smaller than a level-4 one. */
const MAX_WORKSTREAMS: Record<number, number> = { 1: 3, 2: 3, 3: 4, 4: 5 };
const MIN_WORKSTREAMS = 2;

/** A component to build ("a mobile app", "an API") is the strongest sign of which work a plan needs. */
const COMPONENT_WEIGHT = 3;
/** A technology the brief names ("on PostgreSQL") keeps its kind of work in the plan. */
const NAMED_SKILL_WEIGHT = 1;

/**
 * In a brief that asks for things to be built, an area the text only touches in passing (the words of its
 * setting, like "deliveries" in a delivery app's brief) counts half: it describes the context, not the work.
 */
const CONTEXT_DISCOUNT = 0.5;
const BUILD_COMPONENTS = 2;

const MIN_WEIGHT = 1.5;
const MIN_SHARE_OF_MAIN = 0.15;

/**
 * Chooses the kinds of work the plan covers: the areas the brief calls for, strongest first, with the components it
 * asks to build weighing most; at least two (the main area's usual companion, then the field's usual areas), at most
 * as many as the level allows; in the order the work should start.
 */
export function planAreas(
  mentions: readonly AreaMention[],
  scope: Scope,
  taxonomy: Taxonomy,
  field: string,
  level: number,
): PlannedArea[] {
  const building = scope.components.length >= BUILD_COMPONENTS;
  const componentsOf = (areaId: string) => scope.components.filter((component) => component.area === areaId).length;
  const weights = new Map<string, PlannedArea>();
  for (const mention of mentions) {
    const contextOnly = building && mention.skills.length === 0 && componentsOf(mention.area.id) === 0;
    weights.set(mention.area.id, {
      area: mention.area,
      named: mention.skills,
      weight:
        mention.score * (contextOnly ? CONTEXT_DISCOUNT : 1) + NAMED_SKILL_WEIGHT * Math.min(mention.skills.length, 3),
    });
  }
  // A component makes its area part of the build even when the text says little else about it.
  for (const component of scope.components) {
    const area = taxonomy.area(component.area);
    if (!area) continue;
    const planned = weights.get(area.id) ?? { area, named: [], weight: 0 };
    weights.set(area.id, { ...planned, weight: planned.weight + COMPONENT_WEIGHT });
  }

  const max = MAX_WORKSTREAMS[level] ?? MAX_WORKSTREAMS[4];
  const ranked = [...weights.values()].sort(
    (a, b) => b.weight - a.weight || a.area.phase - b.area.phase || a.area.id.localeCompare(b.area.id),
  );
  // A workstream needs more than a passing word, and much less than the main area's weight is a side remark.
  const floor = Math.max(MIN_WEIGHT, (ranked[0]?.weight ?? 0) * MIN_SHARE_OF_MAIN);
  const chosen = ranked.filter((planned) => planned.weight >= floor).slice(0, max);

  const fillers = [
    ...(chosen[0] ? [taxonomy.area(chosen[0].area.companion)] : []),
    ...taxonomy.areasForField(field),
    ...taxonomy.areasForField('general'),
  ];
  for (const area of fillers) {
    if (chosen.length >= MIN_WORKSTREAMS) break;
    if (area && !chosen.some((planned) => planned.area.id === area.id)) chosen.push({ area, named: [], weight: 0 });
  }
  return chosen.sort((a, b) => a.area.phase - b.area.phase || b.weight - a.weight);
}
