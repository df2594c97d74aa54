import fs from 'node:fs';
import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The shape of the skills file and areas.json, and the checks that keep them coherent. The skills come from
 * taxonomy.generated.json when it exists (built by `npm run taxonomy:build` from the open data and the curated list),
 * else from the curated skills.json; both have the same entry shape. A mistake (an alias given to two skills, an
 * unknown area, a parent that is no skill or a cycle of parents) stops the process at start-up with a message naming
 * it, rather than quietly resolving a name to the wrong skill.
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
  /** A broader skill that holding this one implies: PostgreSQL → SQL, TIG Welding → Welding. */
  parent: Type.Optional(Type.String({ minLength: 1 })),
  /** The open-data concept the skill comes from. */
  ref: Type.Optional(
    Type.Object({
      scheme: Type.Union([Type.Literal('esco'), Type.Literal('onet')]),
      id: Type.String({ minLength: 1 }),
      label: Type.String(),
    }),
  ),
});

/** The generated file also carries `about` and `sources` (attribution), which the runtime does not read. */
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

/** Compiled once: checking 100,000 aliases with the interpreting `Value.Check` takes a few hundred milliseconds. */
const skillsFileValidator = Compile(SkillsFile);
const areasFileValidator = Compile(AreasFile);

export type SkillEntry = Static<typeof SkillEntry>;
type AreaEntry = Static<typeof AreaEntry>;
export type TaxonomyData = {
  fields: string[];
  skills: SkillEntry[];
  areas: AreaEntry[];
  fieldDefaults: Record<string, string[]>;
  /** Every name and alias by its `nameKey`, to the index of its skill in `skills`: built once, while checking. */
  termIndex: ReadonlyMap<string, number>;
  /** Each skill's aliases without repeats of its name or of each other (by `nameKey`), in their order. */
  distinctAliases: readonly (readonly string[])[];
};

/**
 * How names and aliases are compared: case and spacing do not matter, nor "&" for "and" ("Identity & access
 * management" is Identity and access management, whichever of the two a CV, a brief or the taxonomy writes).
 */
export function nameKey(name: string): string {
  // Most names are tidy already; looking is cheaper than rewriting 100,000 of them.
  const key = (isTidy(name) ? name : name.trim().replace(/\s+/g, ' ')).toLowerCase();
  // Only "&" between spaced words: "R&D" and "AT&T" are names of their own.
  return key.includes(' & ') ? key.replaceAll(' & ', ' and ') : key;
}

/** Words separated by single plain spaces, none at either end. */
function isTidy(name: string): boolean {
  let afterSpace = true;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code === 32) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if (code < 32 || (code > 126 && /\s/.test(name[i]))) {
      return false;
    } else {
      afterSpace = false;
    }
  }
  return !afterSpace || name.length === 0;
}

const GENERATED_FILE = new URL('./taxonomy.generated.json', import.meta.url);
const CURATED_FILE = new URL('./skills.json', import.meta.url);
const AREAS_FILE = new URL('./areas.json', import.meta.url);

/** The skills file the runtime reads: the generated one when it has been built, else the curated list. */
export function skillsFileUrl(): URL {
  return fs.existsSync(GENERATED_FILE) ? GENERATED_FILE : CURATED_FILE;
}

function readJson(file: URL): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** `file`: the skills file; another one of the same shape in benchmarks and tests. */
export function readTaxonomyData(file: URL = skillsFileUrl()): TaxonomyData {
  const skillsFile = readJson(file);
  const areasFile = readJson(AREAS_FILE);
  const fileName = file.pathname.split('/').at(-1)!;
  if (!skillsFileValidator.Check(skillsFile)) throw invalid(fileName, skillsFileValidator.Errors(skillsFile));
  if (!areasFileValidator.Check(areasFile)) throw invalid('areas.json', areasFileValidator.Errors(areasFile));
  const terms = indexTerms(skillsFile.skills);
  const data: TaxonomyData = {
    fields: skillsFile.fields,
    skills: skillsFile.skills,
    areas: areasFile.areas,
    fieldDefaults: areasFile.field_defaults,
    termIndex: terms.termIndex,
    distinctAliases: terms.distinctAliases,
  };
  const problems = [...terms.problems, ...checkCoherence(data)];
  if (problems.length > 0) throw new Error(`The skills taxonomy is inconsistent: ${problems.join('; ')}`);
  return data;
}

/** The names and aliases by key, each claimed by one skill only; a term of two skills is a problem. */
function indexTerms(skills: readonly SkillEntry[]) {
  const termIndex = new Map<string, number>();
  const distinctAliases: string[][] = [];
  const problems: string[] = [];
  const claim = (term: string, index: number): boolean => {
    const key = nameKey(term);
    const owner = termIndex.get(key);
    if (owner === undefined) termIndex.set(key, index);
    else if (owner !== index) problems.push(`"${key}" names both ${skills[owner].name} and ${skills[index].name}`);
    return owner === undefined;
  };
  skills.forEach((skill, index) => {
    claim(skill.name, index);
    distinctAliases.push((skill.aliases ?? []).filter((alias) => claim(alias, index)));
  });
  return { termIndex, distinctAliases, problems };
}

function invalid(file: string, errors: Iterable<{ instancePath: string; message: string }>): Error {
  const first = [...errors].slice(0, 3).map((error) => `${error.instancePath} ${error.message}`);
  return new Error(`${file} does not have the expected shape: ${first.join('; ')}`);
}

function checkCoherence(data: TaxonomyData): string[] {
  const problems: string[] = [];
  const fields = new Set([...data.fields, 'general']);
  const areaIds = new Set(data.areas.map((area) => area.id));
  for (const skill of data.skills) {
    for (const term of [...(skill.exact_case ?? []), ...(skill.contextual ?? [])]) {
      if (term !== skill.name && !skill.aliases?.includes(term)) {
        problems.push(`${skill.name}: "${term}" is not one of its names`);
      }
    }
    for (const field of skill.fields) if (!fields.has(field)) problems.push(`${skill.name}: unknown field ${field}`);
    for (const area of skill.areas ?? []) if (!areaIds.has(area)) problems.push(`${skill.name}: unknown area ${area}`);
  }
  problems.push(...parentProblems(data.skills));
  for (const area of data.areas) {
    for (const field of area.fields) if (!fields.has(field)) problems.push(`area ${area.id}: unknown field ${field}`);
    if (!areaIds.has(area.companion)) problems.push(`area ${area.id}: unknown companion ${area.companion}`);
    for (const name of area.default_skills) {
      if (!data.termIndex.has(nameKey(name))) problems.push(`area ${area.id}: unknown default skill ${name}`);
    }
  }
  for (const [field, areas] of Object.entries(data.fieldDefaults)) {
    if (!fields.has(field)) problems.push(`field_defaults: unknown field ${field}`);
    for (const area of areas) if (!areaIds.has(area)) problems.push(`field_defaults.${field}: unknown area ${area}`);
  }
  return problems;
}

/** Every parent names a skill (by its name), and following parents never comes back to where it started. */
function parentProblems(skills: readonly SkillEntry[]): string[] {
  const problems: string[] = [];
  const byName = new Map(skills.map((skill) => [nameKey(skill.name), skill]));
  for (const skill of skills) {
    if (skill.parent !== undefined && !byName.has(nameKey(skill.parent))) {
      problems.push(`${skill.name}: unknown parent ${skill.parent}`);
    }
  }
  // Each skill is walked through at most once: a chain stops where an earlier walk already passed.
  const walked = new Set<string>();
  for (const skill of skills) {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let current: SkillEntry | undefined = skill;
    while (current && !walked.has(nameKey(current.name))) {
      const key = nameKey(current.name);
      if (onChain.has(key)) {
        problems.push(
          `parents form a cycle: ${[...chain.slice(chain.indexOf(current.name)), current.name].join(' → ')}`,
        );
        break;
      }
      onChain.add(key);
      chain.push(current.name);
      current = current.parent === undefined ? undefined : byName.get(nameKey(current.parent));
    }
    for (const key of onChain) walked.add(key);
  }
  return problems;
}
