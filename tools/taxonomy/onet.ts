import { byText, nameKey, type OpenSkill } from './entries.ts';
import { addFieldWeight, FIELDS_BY_SOC, fieldsByPrefix, fieldsFromWeights } from './fields.ts';
import { isEverydayWord, judgeLabel, type LabelContext } from './label-rules.ts';
import { normaliseLabel, titleCase } from './names.ts';
import type { Row } from './sources.ts';

/**
 * O*NET products and equipment → open skills of category "tool". Software comes from Technology Skills, equipment from
 * Tools Used. Which examples are kept:
 *
 * - Software: a Hot Technology or In Demand anywhere, or listed for at least MIN_SOFTWARE_OCCUPATIONS occupations;
 *   and a product, not a category: "Accounting software" and "Bookkeeping software" (sentence case, an everyday
 *   English first word) are categories, "Ansible software" and "Citrix cloud computing software" are products.
 * - Equipment: only the kinds of equipment a CV lists as a qualification (medical, laboratory, welding and industrial
 *   machinery, construction, mining and farm machinery, material handling), not office items, hand tools or
 *   protective wear; only specific models of a kind, which O*NET marks with an acronym ("Tungsten inert gas TIG
 *   welders", "Programmable logic controllers PLC"); and listed for at least MIN_EQUIPMENT_OCCUPATIONS occupations.
 */
const MIN_SOFTWARE_OCCUPATIONS = 3;
const MIN_EQUIPMENT_OCCUPATIONS = 2;

/** UNSPSC segments (first two digits of the commodity code) of equipment worth listing on a CV. */
const EQUIPMENT_SEGMENTS: Readonly<Record<string, string>> = {
  '20': 'mining and well drilling machinery',
  '21': 'farming, fishing and forestry machinery',
  '22': 'building and construction machinery',
  '23': 'industrial manufacturing and processing machinery (welding, machining)',
  '24': 'material handling machinery (forklifts, cranes)',
  '26': 'power generation and distribution machinery',
  '41': 'laboratory, measuring, observing and testing equipment',
  '42': 'medical equipment',
};

type Example = {
  example: string;
  /** The commodity code most of its rows give (ties: the smallest), part of the ref id. */
  commodity: string;
  occupations: Set<string>;
  featured: boolean;
};

function groupExamples(rows: readonly Row[]): Example[] {
  const byExample = new Map<string, { rows: Row[] }>();
  for (const row of rows) {
    const example = normaliseLabel(row.Example);
    const group = byExample.get(example) ?? { rows: [] };
    group.rows.push(row);
    byExample.set(example, group);
  }
  return [...byExample].map(([example, group]) => {
    const commodities = new Map<string, number>();
    for (const row of group.rows)
      commodities.set(row['Commodity Code'], (commodities.get(row['Commodity Code']) ?? 0) + 1);
    const [commodity] = [...commodities].sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))[0];
    return {
      example,
      commodity,
      occupations: new Set(group.rows.map((row) => row['O*NET-SOC Code'])),
      featured: group.rows.some((row) => row['Hot Technology'] === 'Y' || row['In Demand'] === 'Y'),
    };
  });
}

const CATEGORY_SUFFIX = / (software|systems?|applications?|databases?)$/;

/**
 * "Accounting software", "Data entry software": a phrase in sentence case, led by an everyday English word, names a
 * kind of software. A single word ("Slack", "Chef"), a capitalised suffix ("Epic Systems") or an acronym ("SAP
 * software") is a product's name.
 */
export function isCategoryName(example: string, context: LabelContext): boolean {
  const suffixed = CATEGORY_SUFFIX.test(example);
  const words = example.replace(CATEGORY_SUFFIX, '').split(' ');
  if (!suffixed && words.length === 1) return false;
  if (/^[A-Z0-9]{2,}$/.test(words[0]) || words.slice(1).some((word) => /[A-Z]/.test(word))) return false;
  return isEverydayWord(words[0], context);
}

/** An acronym O*NET writes after what it stands for: "Tungsten inert gas TIG welders" → TIG at word 3. */
function spelledAcronym(words: readonly string[]): { at: number; length: number } | undefined {
  for (let at = 1; at < words.length; at++) {
    const acronym = words[at];
    if (!/^[A-Z][A-Z0-9]{1,7}$/.test(acronym)) continue;
    const letters = acronym.replace(/[0-9]/g, '');
    const spelled = words.slice(at - letters.length, at);
    if (spelled.length === letters.length && spelled.every((word, k) => word[0].toUpperCase() === letters[k])) {
      return { at, length: letters.length };
    }
  }
  return undefined;
}

/** "welders" → "welder", "assemblies" → "assembly"; O*NET names equipment in the plural. */
function singular(word: string): string {
  if (/ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|us|is)$/.test(word) || !/s$/.test(word)) return word;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * The name and labels of an example: the spelled-out form without the acronym is the name ("Structured query
 * language", "Tungsten Inert Gas Welder"), the acronym form an alias ("SQL", "TIG welder"), and the full example a
 * label for the merge. Equipment is singular and title-cased; products keep their own spelling.
 */
export function exampleNames(example: string, equipment: boolean): { name: string; labels: string[] } {
  const words = example.replace(/ software$/i, '').split(' ');
  // The noun is the last word, or the one before a trailing acronym ("Automated external defibrillators AED").
  const noun = /^[A-Z0-9]+$/.test(words.at(-1)!) && words.length > 1 ? words.length - 2 : words.length - 1;
  if (equipment) words[noun] = singular(words[noun]);
  const acronym = spelledAcronym(words);
  const forms: string[] = [];
  if (acronym) {
    const before = words.slice(0, acronym.at - acronym.length);
    const after = words.slice(acronym.at + 1);
    forms.push([...words.slice(0, acronym.at), ...after].join(' '));
    forms.push([...before, words[acronym.at], ...after].join(' '));
  } else {
    forms.push(words.join(' '));
  }
  const name = equipment ? titleCase(forms[0]) : forms[0];
  return { name, labels: [...new Set([name, ...forms, example])] };
}

function fieldsOf(occupations: ReadonlySet<string>): string[] {
  const weights = new Map<string, number>();
  for (const soc of [...occupations].sort(byText)) addFieldWeight(weights, fieldsByPrefix(FIELDS_BY_SOC, soc), 1);
  return fieldsFromWeights(weights);
}

/**
 * First words shared by several products are vendors ("Microsoft", "Adobe", "Atlassian"); the product without its
 * vendor is an alias when it is not an ordinary word ("JIRA" from "Atlassian JIRA", not "Word" from "Microsoft Word").
 */
function vendorsOf(examples: readonly Example[]): Set<string> {
  const count = new Map<string, number>();
  for (const { example } of examples) {
    const first = example.split(' ')[0];
    if (example.includes(' ') && /^[A-Z]/.test(first)) count.set(first, (count.get(first) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n >= 3).map(([vendor]) => vendor));
}

/** Words that name an edition of a product, not the product: "Splunk Enterprise" is Splunk to a CV. */
const EDITION_WORDS = new Set(['Enterprise', 'Professional', 'Standard', 'Suite', 'Online']);

/** A coined product word: an inner capital ("TrackWise", "PowerFactory", "macOS", "eTapestry"). */
const COINED_WORD = /^[A-Za-z][a-z]+[A-Z][A-Za-z]*$|^[a-z]{1,2}[A-Z][A-Za-z]+$/;

/**
 * Shorter names a CV gives a product, whoever its vendor: the product without an edition word ("Splunk Enterprise" →
 * "Splunk"), and a coined last word on its own ("Sparta Systems TrackWise" → "TrackWise", "Apple macOS" → "macOS",
 * "DIgSILENT PowerFactory" → "PowerFactory"), when it is not an everyday word.
 */
export function productAliases(name: string, context: LabelContext): string[] {
  const words = name.split(' ');
  if (words.length < 2) return [];
  const aliases: string[] = [];
  const last = words.at(-1)!;
  if (EDITION_WORDS.has(last)) {
    const product = words.slice(0, -1).join(' ');
    if (product.length >= MIN_PRODUCT_CHARS && !(words.length === 2 && isEverydayWord(words[0], context))) {
      aliases.push(product);
    }
  }
  if (COINED_WORD.test(last) && !isEverydayWord(last, context)) aliases.push(last);
  return aliases;
}

const MIN_PRODUCT_CHARS = 4;

function toSkill(
  item: Example,
  equipment: boolean,
  vendors: ReadonlySet<string>,
  context: LabelContext,
): OpenSkill | undefined {
  const { name, labels } = exampleNames(item.example, equipment);
  const [first, ...rest] = name.split(' ');
  // "JIRA" from "Atlassian JIRA"; not "Instruments LabVIEW" from "National Instruments LabVIEW" nor "tree analysis".
  const product = rest.length > 0 && /^[A-Z]/.test(rest[0]) && !isEverydayWord(rest[0], context);
  if (!equipment && vendors.has(first) && product) labels.push(rest.join(' '));
  if (!equipment) labels.push(...productAliases(name, context));
  const verdict = judgeLabel(name, context, 'name');
  if (verdict !== 'keep' && verdict !== 'common-word') return undefined;
  const seen = new Set([nameKey(name)]);
  const aliases = labels.filter((label) => {
    const key = nameKey(label);
    const fresh = !seen.has(key) && judgeLabel(label, context) === 'keep';
    seen.add(key);
    return fresh;
  });
  return {
    name,
    category: 'tool',
    fields: fieldsOf(item.occupations),
    ref: { scheme: 'onet', id: `${item.commodity}:${item.example}`, label: item.example },
    labels,
    aliases,
    contextualName: verdict === 'common-word',
    broader: [],
  };
}

export type OnetResult = { software: OpenSkill[]; equipment: OpenSkill[] };

export function onetSkills(technology: readonly Row[], tools: readonly Row[], context: LabelContext): OnetResult {
  const products = groupExamples(technology);
  const vendors = vendorsOf(products);
  const software = products
    .filter((item) => item.featured || item.occupations.size >= MIN_SOFTWARE_OCCUPATIONS)
    .filter((item) => !isCategoryName(item.example, context))
    .map((item) => toSkill(item, false, vendors, context));
  const equipment = groupExamples(tools)
    .filter((item) => item.commodity.slice(0, 2) in EQUIPMENT_SEGMENTS)
    .filter((item) => item.occupations.size >= MIN_EQUIPMENT_OCCUPATIONS)
    .filter((item) => spelledAcronym(item.example.split(' ')) !== undefined)
    .map((item) => toSkill(item, true, vendors, context));
  const kept = (list: (OpenSkill | undefined)[]) => list.filter((skill): skill is OpenSkill => skill !== undefined);
  return { software: kept(software), equipment: kept(equipment) };
}
