import fs from 'node:fs';
import { readTaxonomyData, type SkillEntry, skillsFileUrl } from '../src/ai/taxonomy/taxonomy-data.ts';

/**
 * A skills file of the size the issue budgets for (about 15,000 skills and 100,000 aliases), for measuring the
 * taxonomy's load time, memory and matching before the generated file is that large: the shipped skills (so that
 * areas.json's default skills resolve) plus made-up skills whose names and aliases are two to four words of the
 * shipped vocabulary, a tenth of them hyphenated, some with a parent. Deterministic: the same file every run.
 */
export type SyntheticSize = { skills: number; aliases: number };

export function writeSyntheticTaxonomy(file: string, size: SyntheticSize): { skills: number; aliases: number } {
  const shipped = JSON.parse(fs.readFileSync(skillsFileUrl(), 'utf8')) as { fields: string[]; skills: SkillEntry[] };
  const data = readTaxonomyData();
  const taken = new Set<string>();
  const vocabulary = new Set<string>();
  for (const skill of data.skills) {
    for (const term of [skill.name, ...(skill.aliases ?? [])]) {
      taken.add(term.toLowerCase());
      for (const word of term.toLowerCase().split(/\s+/)) if (/^[a-z]{3,}$/.test(word)) vocabulary.add(word);
    }
  }
  const words = [...vocabulary].sort();
  const random = mulberry32(15_000);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const phrase = (): string => {
    for (;;) {
      const length = 2 + Math.floor(random() * 3);
      const parts = Array.from({ length }, () => pick(words));
      const text = random() < 0.1 ? `${parts[0]}-${parts.slice(1).join(' ')}` : parts.join(' ');
      if (!taken.has(text)) {
        taken.add(text);
        return text;
      }
    }
  };

  const skills = [...shipped.skills];
  const extraSkills = Math.max(0, size.skills - skills.length);
  const shippedAliases = skills.reduce((n, skill) => n + (skill.aliases?.length ?? 0), 0);
  const aliasesEach = extraSkills === 0 ? 0 : Math.max(0, size.aliases - shippedAliases) / extraSkills;
  const categories = ['technical', 'domain', 'tool', 'soft'] as const;
  const made: string[] = [];
  for (let k = 0; k < extraSkills; k++) {
    const name = phrase();
    const aliasCount = Math.floor(aliasesEach) + (random() < aliasesEach % 1 ? 1 : 0);
    const entry: SkillEntry = {
      name,
      category: pick(categories),
      fields: [pick(shipped.fields)],
      aliases: Array.from({ length: aliasCount }, phrase),
      ...(made.length > 0 && random() < 0.4 ? { parent: pick(made) } : {}),
      ref: { scheme: 'esco', id: `http://data.europa.eu/esco/skill/synthetic-${k}`, label: name },
    };
    skills.push(entry);
    made.push(name);
  }
  fs.writeFileSync(file, JSON.stringify({ ...shipped, skills }));
  return { skills: skills.length, aliases: skills.reduce((n, skill) => n + (skill.aliases?.length ?? 0), 0) };
}

/** A small seeded generator (Mulberry32): the same numbers on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
