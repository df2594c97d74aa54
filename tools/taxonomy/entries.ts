/**
 * The entry shape shared by the curated skills.json and the generated taxonomy (see notes/interfaces.md), and the
 * open-data skill the build derives before merging it with the curated list.
 */
export type SkillCategory = 'technical' | 'soft' | 'domain' | 'language' | 'tool';

export type SkillRef = { scheme: 'esco' | 'onet'; id: string; label: string };

export type SkillEntry = {
  name: string;
  category: SkillCategory;
  fields: string[];
  areas?: string[];
  aliases?: string[];
  exact_case?: string[];
  contextual?: string[];
  parent?: string;
  ref?: SkillRef;
};

export type OpenSkill = {
  name: string;
  category: SkillCategory;
  fields: string[];
  ref: SkillRef;
  /** Every label of the concept, ungated: what the merge compares with curated names. */
  labels: string[];
  /** The labels that pass the label rules, best first (the name excluded). */
  aliases: string[];
  /** The name is an ordinary word: matched only in a skills context. */
  contextualName: boolean;
  /** The name the naming rules gave before the plainer-name pass changed it; kept as an alias (esco.ts). */
  formerName?: string;
  /** ids (ref.id) of broader skills, nearest source order. */
  broader: string[];
};

/** Names are compared as the runtime compares them (case and spacing do not matter). */
export { nameKey } from '../../src/ai/taxonomy/taxonomy-data.ts';

/** Code-unit order, so that the output does not depend on the machine's locale. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
