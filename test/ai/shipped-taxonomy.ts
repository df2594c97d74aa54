import assert from 'node:assert/strict';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/** The taxonomy the service ships, and the three questions its tests ask of it. */
export const taxonomy = loadTaxonomy();

/** The names of the skills found in a text, in order. */
export const namesFound = (text: string) => taxonomy.findInText(text).map((mention) => mention.skill.name);

/** The names of the skills broader than the one `name` resolves to. */
export const broaderNames = (name: string) =>
  (taxonomy.broaderOf?.(taxonomy.resolve(name)!) ?? []).map((skill) => skill.name);

/** Each written name resolves to the skill named beside it. */
export function assertResolves(cases: readonly (readonly [written: string, skill: string])[]): void {
  for (const [written, skill] of cases) assert.equal(taxonomy.resolve(written)?.name, skill, written);
}
