import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

const taxonomy = loadTaxonomy();

/** The skill names the offline analyser finds in a CV made of these lines, as of 2026-11-01. */
export function skillNamesOfCv(lines: readonly string[]): string[] {
  return analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);
}
