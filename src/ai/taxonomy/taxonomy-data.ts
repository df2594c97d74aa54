import fs from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * The shape of skills.json and areas.json, and the checks that keep them coherent. The data is edited by hand, so a
 * mistake (an alias given to two skills, an unknown area) stops the process at start-up with a message naming it,
 * rather than quietly resolving a name to the wrong skill.
 */
const Names = Type.Array(Type.String({ minLength: 1 }));

const SkillEntry = Type.Object({
  name: Type.String({ minLength: 1 }),
  category: Type.Union([
    Type.Literal('technical'),
    Type.Literal('soft'),
    Type.Literal('domain'),
    Type.Literal('language'),
    Type.Literal('tool'),
  ]),
  fields: Type.Array(Type.String(), { minItems: 1 }),
  areas: Type.Optional(Names),
  aliases: Type.Optional(Names),
  exact_case: Type.Optional(Names),
  contextual: Type.Optional(Names),
});

const SkillsFile = Type.Object({ fields: Names, skills: Type.Array(SkillEntry, { minItems: 1 }) });

const AreaEntry = Type.Object({
  id: Type.String({ minLength: 1 }),
  name: Type.String({ minLength: 1 }),
  fields: Type.Array(Type.String(), { minItems: 1 }),
  phase: Type.Integer({ minimum: 1, maximum: 6 }),
  companion: Type.String(),
  triggers: Names,
  weak_triggers: Names,
  default_skills: Type.Array(Type.String(), { minItems: 1 }),
});

const AreasFile = Type.Object({
  areas: Type.Array(AreaEntry, { minItems: 1 }),
  field_defaults: Type.Record(Type.String(), Names),
});

export type SkillEntry = Static<typeof SkillEntry>;
type AreaEntry = Static<typeof AreaEntry>;
export type TaxonomyData = {
  fields: string[];
  skills: SkillEntry[];
  areas: AreaEntry[];
  fieldDefaults: Record<string, string[]>;
};

/** How names and aliases are compared: case and spacing do not matter. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
}

export function readTaxonomyData(): TaxonomyData {
  const skillsFile = readJson('./skills.json');
  const areasFile = readJson('./areas.json');
  if (!Value.Check(SkillsFile, skillsFile)) throw invalid('skills.json', Value.Errors(SkillsFile, skillsFile));
  if (!Value.Check(AreasFile, areasFile)) throw invalid('areas.json', Value.Errors(AreasFile, areasFile));
  const data: TaxonomyData = {
    fields: skillsFile.fields,
    skills: skillsFile.skills,
    areas: areasFile.areas,
    fieldDefaults: areasFile.field_defaults,
  };
  const problems = checkCoherence(data);
  if (problems.length > 0) throw new Error(`The skills taxonomy is inconsistent: ${problems.join('; ')}`);
  return data;
}

function invalid(file: string, errors: Iterable<{ instancePath: string; message: string }>): Error {
  const first = [...errors].slice(0, 3).map((error) => `${error.instancePath} ${error.message}`);
  return new Error(`${file} does not have the expected shape: ${first.join('; ')}`);
}

function checkCoherence(data: TaxonomyData): string[] {
  const problems: string[] = [];
  const fields = new Set([...data.fields, 'general']);
  const areaIds = new Set(data.areas.map((area) => area.id));
  const owner = new Map<string, string>();
  for (const skill of data.skills) {
    const terms = [skill.name, ...(skill.aliases ?? [])];
    for (const term of new Set(terms.map(nameKey))) {
      const previous = owner.get(term);
      if (previous !== undefined) problems.push(`"${term}" names both ${previous} and ${skill.name}`);
      else owner.set(term, skill.name);
    }
    for (const term of [...(skill.exact_case ?? []), ...(skill.contextual ?? [])]) {
      if (!terms.includes(term)) problems.push(`${skill.name}: "${term}" is not one of its names`);
    }
    for (const field of skill.fields) if (!fields.has(field)) problems.push(`${skill.name}: unknown field ${field}`);
    for (const area of skill.areas ?? []) if (!areaIds.has(area)) problems.push(`${skill.name}: unknown area ${area}`);
  }
  for (const area of data.areas) {
    for (const field of area.fields) if (!fields.has(field)) problems.push(`area ${area.id}: unknown field ${field}`);
    if (!areaIds.has(area.companion)) problems.push(`area ${area.id}: unknown companion ${area.companion}`);
    for (const name of area.default_skills) {
      if (!owner.has(nameKey(name))) problems.push(`area ${area.id}: unknown default skill ${name}`);
    }
  }
  for (const [field, areas] of Object.entries(data.fieldDefaults)) {
    if (!fields.has(field)) problems.push(`field_defaults: unknown field ${field}`);
    for (const area of areas) if (!areaIds.has(area)) problems.push(`field_defaults.${field}: unknown area ${area}`);
  }
  return problems;
}
