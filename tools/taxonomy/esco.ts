import { byText, nameKey, type OpenSkill, type SkillCategory } from './entries.ts';
import { addFieldWeight, FIELDS_BY_ISCO, fieldsByPrefix, fieldsFromWeights } from './fields.ts';
import { judgeLabel, type LabelContext } from './label-rules.ts';
import {
  activitiesOfLightVerbs,
  isVerbLed,
  normaliseLabel,
  plainerAlternative,
  recruiterName,
  singularAdjuncts,
  startsWithCommonVerb,
  titleCase,
  type VerbVocabulary,
  verbVocabulary,
  withDeclaredAcronym,
  withoutQualifier,
} from './names.ts';
import { lines, type OpenData, type Row } from './sources.ts';

/**
 * ESCO skills → open skills: a recruiter name, the labels worth matching, a category, fields from the occupations
 * that need the skill, and the broader skills it belongs to. Labels are the preferred label and the altLabels, with
 * whitespace normalised and duplicates removed (the v1.1.1 export repeats the preferred label among the altLabels);
 * hiddenLabels (misspellings kept for search) are not used, since the matcher would then accept misspellings as
 * skills. Category: a language of the language collection → language; transversal → soft; knowledge → domain; any
 * other skill/competence → technical.
 */

/** Aliases kept per skill, best first: every label costs memory and start-up time in the matcher. */
const MAX_ALIASES = 4;

/**
 * Knowledge concepts that are catalogues, not something a CV claims: "types of barley", "history of tobacco",
 * "spot welding machine parts".
 */
const CATALOGUE_KNOWLEDGE = [
  /^(types|kinds|categories|varieties|styles|characteristics|features|history) of /,
  /\bmachine(ry)? (parts|components|elements)$/,
];

/** An essential skill says more about an occupation than an optional one. */
const RELATION_WEIGHT: Record<string, number> = { essential: 2, optional: 1 };

/**
 * Why a concept is not a skill of its own: a catalogue knowledge concept, no recruiter name reads well, the name fails
 * the label rules, or it is a mode of a language ("write Hungarian"), folded into the language as aliases.
 */
export type EscoSkipReason = 'catalogue' | 'no-name' | 'name-rejected' | 'language-mode';

/** A concept whose name the plainer-name pass changed: the rules' name (kept as an alias) and the new one. */
export type EscoRename = { from: string; to: string };

export type EscoResult = { skills: OpenSkill[]; skipped: Record<EscoSkipReason, number>; renames: EscoRename[] };

/** ISCO group codes used by the field table that ESCO does not know: a typo there would silently fall back. */
export function unknownIscoCodes(iscoGroups: readonly Row[]): string[] {
  const known = new Set(iscoGroups.map((row) => row.code));
  return Object.keys(FIELDS_BY_ISCO).filter((code) => !known.has(code));
}

function categoryOf(row: Row, isLanguage: boolean, isTransversal: boolean): SkillCategory {
  if (isLanguage) return 'language';
  if (isTransversal) return 'soft';
  return row.skillType === 'knowledge' ? 'domain' : 'technical';
}

/**
 * Labels worth matching, best first: noun phrases, then the preferred label, then the other verb forms led by a
 * common verb (those of names.ts).
 */
function rankAliases(
  name: string,
  labels: readonly string[],
  preferred: string,
  verbs: VerbVocabulary,
  context: LabelContext,
): string[] {
  const seen = new Set([nameKey(name)]);
  const kept: string[] = [];
  for (const label of labels) {
    const key = nameKey(label);
    if (seen.has(key) || judgeLabel(label, context) !== 'keep') continue;
    seen.add(key);
    kept.push(label);
  }
  // Other verb forms only with the verbs briefs and CVs use: ESCO's synonyms include "paint arc welding techniques"
  // and "mind bottle cork machine".
  const rank = (label: string) =>
    !isVerbLed(label, verbs) ? 0 : label === preferred ? 1 : startsWithCommonVerb(label) ? 2 : undefined;
  return kept
    .filter((label) => rank(label) !== undefined)
    .sort((a, b) => rank(a)! - rank(b)! || a.length - b.length || byText(a, b))
    .slice(0, MAX_ALIASES);
}

function fieldsOfSkills(data: OpenData['esco']): Map<string, string[]> {
  const iscoOf = new Map(data.occupations.map((row) => [row.conceptUri, row.iscoGroup]));
  const weights = new Map<string, Map<string, number>>();
  for (const relation of data.occupationSkills) {
    const isco = iscoOf.get(relation.occupationUri);
    if (!isco) continue; // one occupation of the relations is missing from the occupations file (see the README)
    const skill = weights.get(relation.skillUri) ?? new Map<string, number>();
    addFieldWeight(skill, fieldsByPrefix(FIELDS_BY_ISCO, isco), RELATION_WEIGHT[relation.relationType] ?? 1);
    weights.set(relation.skillUri, skill);
  }
  return new Map([...weights].map(([uri, skill]) => [uri, fieldsFromWeights(skill)]));
}

function broaderSkills(data: OpenData['esco']): Map<string, string[]> {
  const broader = new Map<string, string[]>();
  for (const row of data.broader) {
    if (row.conceptType !== 'KnowledgeSkillCompetence' || row.broaderType !== 'KnowledgeSkillCompetence') continue;
    broader.set(row.conceptUri, [...(broader.get(row.conceptUri) ?? []), row.broaderUri].sort(byText));
  }
  return broader;
}

/**
 * The language collection holds each language ("Hungarian") and its modes ("write Hungarian", "understand spoken
 * Hungarian"), whose broader concept is the language. A mode is folded into its language as aliases.
 */
function languageModes(languages: readonly Row[]): Map<string, string> {
  const inCollection = new Set(languages.map((row) => row.conceptUri));
  const modes = new Map<string, string>();
  for (const row of languages) {
    const language = (row.broaderConceptUri ?? '').split(' | ').find((uri) => inCollection.has(uri));
    if (language) modes.set(row.conceptUri, language);
  }
  return modes;
}

export function escoSkills(data: OpenData['esco'], context: LabelContext): EscoResult {
  const verbs = verbVocabulary(
    data.skills
      .filter((row) => row.skillType === 'skill/competence')
      .map((row) => ({ preferredLabel: row.preferredLabel, altLabels: lines(row.altLabels) })),
  );
  const fields = fieldsOfSkills(data);
  const broader = broaderSkills(data);
  const languages = new Set(data.languages.map((row) => row.conceptUri));
  const transversal = new Set(data.transversal.map((row) => row.conceptUri));
  const modes = languageModes(data.languages);

  const labelsOf = (row: Row) =>
    [row.preferredLabel, ...lines(row.altLabels)].map(normaliseLabel).filter((label) => label !== '');
  const modeLabels = new Map<string, string[]>();
  for (const row of data.skills) {
    const language = modes.get(row.conceptUri);
    if (language) modeLabels.set(language, [...(modeLabels.get(language) ?? []), ...labelsOf(row)]);
  }

  const skipped: Record<EscoSkipReason, number> = {
    catalogue: 0,
    'no-name': 0,
    'name-rejected': 0,
    'language-mode': 0,
  };
  const skills: OpenSkill[] = [];
  const renames: EscoRename[] = [];
  const isWord = (word: string) => context.wordRank.has(word);
  for (const row of data.skills) {
    if (modes.has(row.conceptUri)) {
      skipped['language-mode']++;
      continue;
    }
    const preferred = normaliseLabel(row.preferredLabel);
    const knowledge = row.skillType === 'knowledge';
    if (knowledge && CATALOGUE_KNOWLEDGE.some((pattern) => pattern.test(preferred))) {
      skipped.catalogue++;
      continue;
    }
    const own = labelsOf(row);
    const description = row.description ?? '';
    const spelledName = recruiterName({ preferredLabel: preferred, altLabels: own.slice(1), knowledge }, verbs);
    const ruleName = spelledName && (withDeclaredAcronym(spelledName, description) ?? spelledName);
    if (!ruleName || !spelledName) {
      skipped['no-name']++;
      continue;
    }
    // A concept named by an everyday word ("Training", "History", "Pricing") is left out: in CVs such words are school
    // subjects, duties and hobbies far more often than claims (the curated list holds those it wants). A language
    // is kept, and its bare name, also a nationality ("Irish"), needs a skills context.
    const isLanguage = languages.has(row.conceptUri);
    const verdict = judgeLabel(ruleName, context, 'name');
    if (verdict !== 'keep' && !(verdict === 'common-word' && isLanguage)) {
      skipped['name-rejected']++;
      continue;
    }
    // The name a recruiter writes: a plainer alternative label, noun adjuncts in the singular (names.ts). The name
    // the rules gave stays an alias, so that every name the taxonomy resolved before still resolves.
    const plainSpelled = singularAdjuncts(
      titleCase(plainerAlternative(spelledName, own, verbs) ?? spelledName),
      isWord,
    );
    const plainName = withDeclaredAcronym(plainSpelled, description) ?? plainSpelled;
    const renamed = !isLanguage && plainName !== ruleName && judgeLabel(plainName, context, 'name') === 'keep';
    const name = renamed ? plainName : ruleName;
    if (renamed) renames.push({ from: ruleName, to: name });
    // The noun forms of light-verb labels ("TIG welding" from "perform TIG welding") are labels too.
    const nounForms = knowledge ? [] : activitiesOfLightVerbs(preferred, own.slice(1));
    const labels = [
      ...new Set([
        spelledName,
        ...own.map(withoutQualifier),
        ...nounForms,
        ...own,
        ...(modeLabels.get(row.conceptUri) ?? []),
      ]),
    ];
    const aliases = rankAliases(ruleName, labels, preferred, verbs, context);
    const isTransversal = transversal.has(row.conceptUri) || row.reuseLevel === 'transversal';
    skills.push({
      name,
      category: categoryOf(row, isLanguage, isTransversal),
      fields: fields.get(row.conceptUri) ?? ['general'],
      ref: { scheme: 'esco', id: row.conceptUri, label: preferred },
      labels: renamed ? [...new Set([name, plainSpelled, ...labels])] : labels,
      // The aliases the rules' name had, with that name first when the pass renamed the skill.
      aliases: renamed ? [ruleName, ...aliases.filter((alias) => nameKey(alias) !== nameKey(name))] : aliases,
      formerName: renamed ? ruleName : undefined,
      contextualName: isLanguage && !name.includes(' '),
      broader: broader.get(row.conceptUri) ?? [],
    });
  }
  return { skills, skipped, renames };
}
