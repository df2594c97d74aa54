import type { Taxonomy, TaxonomySkill } from '../src/ai/taxonomy/taxonomy.ts';

/** A labelled skill: the name a recruiter writes, and other names that mean the same skill. */
export type LabelledSkill = { name: string; aliases: readonly string[] };

/**
 * How two skill names are compared: case, spacing and punctuation do not matter and "&" reads "and", so
 * "Backup & disaster recovery" equals "backup and disaster recovery". "+" and "#" stay (C++, C#).
 */
export function normaliseSkillName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}

/** Accepts a label written as a plain name or as `{ name, aliases }`. */
export function toLabelledSkill(label: string | { name: string; aliases?: readonly string[] }): LabelledSkill {
  return typeof label === 'string' ? { name: label, aliases: [] } : { name: label.name, aliases: label.aliases ?? [] };
}

/** `broaderOf` arrives with the open-data taxonomy; until then a skill has no broader skills. */
type WithBroader = { broaderOf?: (skill: TaxonomySkill) => readonly TaxonomySkill[] };

/**
 * The matching rules of every recall and precision figure (docs/quality.md): a predicted skill matches a label when
 * its normalised name equals the label's name or one of its aliases, when both resolve to the same taxonomy skill, or
 * when the predicted skill is narrower than the label's in the taxonomy ("PostgreSQL" for a label "SQL").
 */
export class SkillLabelMatcher {
  readonly #taxonomy: Taxonomy & WithBroader;
  readonly #broaderCache = new Map<TaxonomySkill, ReadonlySet<TaxonomySkill>>();

  constructor(taxonomy: Taxonomy) {
    this.#taxonomy = taxonomy;
  }

  /** True when `predicted` names the labelled skill (equal, alias, same taxonomy skill), without the narrower rule. */
  same(predicted: string, label: LabelledSkill): boolean {
    const names = [label.name, ...label.aliases];
    const key = normaliseSkillName(predicted);
    if (names.some((name) => normaliseSkillName(name) === key)) return true;
    const resolved = this.#taxonomy.resolve(predicted);
    return resolved !== undefined && this.#labelSkills(names).has(resolved);
  }

  matches(predicted: string, label: LabelledSkill): boolean {
    if (this.same(predicted, label)) return true;
    const resolved = this.#taxonomy.resolve(predicted);
    if (resolved === undefined) return false;
    const broader = this.#broader(resolved);
    if (broader.size === 0) return false;
    for (const skill of this.#labelSkills([label.name, ...label.aliases])) if (broader.has(skill)) return true;
    return false;
  }

  #labelSkills(names: readonly string[]): Set<TaxonomySkill> {
    return new Set(names.flatMap((name) => this.#taxonomy.resolve(name) ?? []));
  }

  #broader(skill: TaxonomySkill): ReadonlySet<TaxonomySkill> {
    let broader = this.#broaderCache.get(skill);
    if (!broader) {
      broader = new Set(this.#taxonomy.broaderOf?.(skill) ?? []);
      this.#broaderCache.set(skill, broader);
    }
    return broader;
  }
}

/** Recall and precision of a predicted list against labels, with the matched and missed names for the detail view. */
export type SkillScore = {
  labels: number;
  labelsMatched: number;
  predicted: number;
  predictedMatching: number;
  missed: string[];
  extra: string[];
};

export function scoreSkills(
  matcher: SkillLabelMatcher,
  predicted: readonly string[],
  labels: readonly LabelledSkill[],
): SkillScore {
  const missed = labels.filter((label) => !predicted.some((name) => matcher.matches(name, label)));
  const extra = predicted.filter((name) => !labels.some((label) => matcher.matches(name, label)));
  return {
    labels: labels.length,
    labelsMatched: labels.length - missed.length,
    predicted: predicted.length,
    predictedMatching: predicted.length - extra.length,
    missed: missed.map((label) => label.name),
    extra,
  };
}

/** Adds up counts for micro averages. */
export function sumScores(scores: readonly SkillScore[]): SkillScore {
  return {
    labels: sum(scores, (s) => s.labels),
    labelsMatched: sum(scores, (s) => s.labelsMatched),
    predicted: sum(scores, (s) => s.predicted),
    predictedMatching: sum(scores, (s) => s.predictedMatching),
    missed: scores.flatMap((s) => s.missed),
    extra: scores.flatMap((s) => s.extra),
  };
}

export function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/** A share as a number, or null when there is nothing to divide (shown as "–"). */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
