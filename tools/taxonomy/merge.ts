import { byText, nameKey, type OpenSkill, type SkillEntry } from './entries.ts';
import { pluralFold, withoutQualifier, wordStem } from './names.ts';

/**
 * Merges the open-data skills into the curated list. Curated entries win:
 *
 * - An open concept with a label equal to a curated name or alias is that curated skill: the best such concept becomes
 *   its `ref` and offers its aliases (best: its preferred label is the curated name, then a curated alias, then any
 *   label, when the concept's name holds the curated name's words; ESCO before O*NET; then by id). Other concepts
 *   that share a label stay separate skills, without that label.
 * - Every name or alias names one skill. Owners are settled in this order: curated names and aliases; open skills'
 *   names (an open skill whose name is taken is left out); each open concept's preferred label, for its own skill;
 *   then the remaining aliases, which go to their only claimant or, when several skills claim one, to none.
 * - An open skill's `parent` is its nearest broader concept that is kept, by its output name (a curated skill's, when
 *   the concept became one), never forming a cycle. Curated skills keep the parents their editors gave them: a parent
 *   lets the narrower skill satisfy a task that needs the broader one, which ESCO's broader relation does not always
 *   mean ("carry out wound care" is under "nursing").
 * - Curated keys (areas, exact_case, contextual, fields…) are kept as they are; an open skill's acronyms ("AED") are
 *   its exact_case terms.
 * - Fold duplicates are one skill: an open skill whose name differs from a taken name or alias only by the number of
 *   its words ("Cargo Inspections" beside "Cargo Inspection", "Animations" beside the curated "Animation"), or that the
 *   plainer-name pass renamed into a taken name ("Accounts Management" → "Account Management"), is merged into the
 *   skill that holds the name: its name, former name and aliases become that skill's aliases (through the same
 *   ownership rules), and its ref is dropped, since an entry has one (the merge report counts them). Names are owned
 *   first by curated skills, then by open skills that kept their rules' name, then by those with fewer plural words.
 *   An open skill that only repeats a taken name exactly, as before, is left out.
 */
export type MergeStats = {
  attachedRefs: number;
  droppedNameConflicts: number;
  droppedContestedAliases: number;
  /** Open skills merged into the holder of their name up to number (or of their new name): refs dropped. */
  mergedFoldDuplicates: number;
};

/** "AED", "CPR", "BERT": matched only as written, or "ice" and "bert" in prose would find them. */
function isAcronym(term: string): boolean {
  return /^[A-Z][A-Z0-9&]{1,7}$/.test(term);
}

const SCHEME_ORDER = { esco: 0, onet: 1 } as const;

/** How many words of a name are in the plural: "Human Resource Management" holds the name before "… Resources …". */
function pluralWords(name: string): number {
  return name.split(' ').filter((word) => pluralFold(word) !== word.toLowerCase()).length;
}

function bySource(a: OpenSkill, b: OpenSkill): number {
  return SCHEME_ORDER[a.ref.scheme] - SCHEME_ORDER[b.ref.scheme] || byText(a.ref.id, b.ref.id);
}

/** How strongly an open concept is a curated skill: 0 its preferred label is the name, 1 an alias, 2 another label. */
function matchStrength(open: OpenSkill, curated: SkillEntry): number {
  // A renamed skill is judged by the name its rules gave, so that the plainer name does not move a curated ref.
  const name = open.formerName ?? open.name;
  const preferred = new Set([nameKey(open.ref.label), nameKey(withoutQualifier(open.ref.label)), nameKey(name)]);
  if (preferred.has(nameKey(curated.name))) return 0;
  return (curated.aliases ?? []).some((alias) => preferred.has(nameKey(alias))) ? 1 : 2;
}

const stemsOf = (label: string) => new Set(nameKey(label).split(/[ -]/).map(wordStem));

/**
 * A match through another label only counts when the concept's name or preferred label holds every word of the
 * curated name: "inspect scaffolding" (alias "scaffolding") is Scaffolding, but "computer programming" is not Shell
 * scripting because one of its many alternative labels is "scripting", nor "plan software testing" Manual testing.
 */
function isSameSkill(open: OpenSkill, curated: SkillEntry): boolean {
  if (matchStrength(open, curated) < 2) return true;
  const openStems = new Set([...stemsOf(open.name), ...stemsOf(open.ref.label)]);
  return [...stemsOf(curated.name)].every((stem) => openStems.has(stem));
}

export function mergeSkills(
  curatedEntries: readonly SkillEntry[],
  openSkills: readonly OpenSkill[],
): { skills: SkillEntry[]; stats: MergeStats } {
  const stats: MergeStats = {
    attachedRefs: 0,
    droppedNameConflicts: 0,
    droppedContestedAliases: 0,
    mergedFoldDuplicates: 0,
  };
  const curated = curatedEntries.map((entry) => ({ ...entry }));
  const curatedByTerm = new Map<string, number>();
  curated.forEach((entry, k) => {
    for (const term of [entry.name, ...(entry.aliases ?? [])]) {
      if (!curatedByTerm.has(nameKey(term))) curatedByTerm.set(nameKey(term), k);
    }
  });

  // 1. The best open concept of each curated skill becomes its ref.
  const open = [...openSkills].sort(bySource);
  const best = new Map<number, OpenSkill>();
  for (const skill of open) {
    const matched = new Set<number>();
    for (const term of [skill.name, ...skill.labels]) {
      const k = curatedByTerm.get(nameKey(term));
      if (k !== undefined) matched.add(k);
    }
    for (const k of matched) {
      if (!isSameSkill(skill, curated[k])) continue;
      const current = best.get(k);
      if (!current || matchStrength(skill, curated[k]) < matchStrength(current, curated[k])) best.set(k, skill);
    }
  }
  const absorbedBy = new Map<OpenSkill, SkillEntry>();
  for (const [k, skill] of [...best].sort((a, b) => a[0] - b[0])) {
    if (absorbedBy.has(skill)) continue; // one concept is the ref of one curated skill: the first in the list
    curated[k].ref ??= skill.ref;
    absorbedBy.set(skill, curated[k]);
    stats.attachedRefs++;
  }

  // 2. Names and aliases, each owned by one skill; fold duplicates merged into the holder of the name.
  const owner = new Map<string, string>();
  const foldOwner = new Map<string, string>();
  for (const entry of curated) {
    for (const term of [entry.name, ...(entry.aliases ?? [])]) {
      if (!owner.has(nameKey(term))) owner.set(nameKey(term), entry.name);
    }
    // By the name only: a curated alias up to number may be another product ("laboratory information systems").
    if (!foldOwner.has(pluralFold(entry.name))) foldOwner.set(pluralFold(entry.name), entry.name);
  }
  const standalone: OpenSkill[] = [];
  const mergedInto = new Map<OpenSkill, string>();
  const byOwnership = (a: OpenSkill, b: OpenSkill) =>
    Number(a.formerName !== undefined) - Number(b.formerName !== undefined) ||
    pluralWords(a.name) - pluralWords(b.name) ||
    bySource(a, b);
  for (const skill of [...open].sort(byOwnership)) {
    if (absorbedBy.has(skill)) continue;
    const exact = owner.get(nameKey(skill.name));
    if (exact !== undefined && skill.formerName === undefined) {
      stats.droppedNameConflicts++;
      continue;
    }
    const holder = exact ?? foldOwner.get(pluralFold(skill.name));
    if (holder !== undefined) {
      mergedInto.set(skill, holder);
      stats.mergedFoldDuplicates++;
      continue;
    }
    owner.set(nameKey(skill.name), skill.name);
    foldOwner.set(pluralFold(skill.name), skill.name);
    standalone.push(skill);
  }
  const outputName = (skill: OpenSkill) => absorbedBy.get(skill)?.name ?? mergedInto.get(skill) ?? skill.name;
  // A merged skill offers its own name too; a renamed one's former name comes first among its aliases.
  const termsOf = (skill: OpenSkill) => (mergedInto.has(skill) ? [skill.name, ...skill.aliases] : skill.aliases);
  const kept = [...absorbedBy.keys(), ...standalone, ...mergedInto.keys()].sort(bySource);
  // A former name was a name: it stays with its skill before any alias is settled.
  for (const skill of kept) {
    if (skill.formerName !== undefined && !owner.has(nameKey(skill.formerName))) {
      owner.set(nameKey(skill.formerName), outputName(skill));
    }
  }
  for (const skill of kept) {
    const preferred = withoutQualifier(skill.ref.label);
    if (termsOf(skill).includes(preferred) && !owner.has(nameKey(preferred))) {
      owner.set(nameKey(preferred), outputName(skill));
    }
  }
  const claimants = new Map<string, Set<string>>();
  for (const skill of kept) {
    for (const alias of termsOf(skill)) {
      const key = nameKey(alias);
      if (!owner.has(key)) claimants.set(key, (claimants.get(key) ?? new Set()).add(outputName(skill)));
    }
  }
  const extraAliases = new Map<string, string[]>();
  for (const [key, names] of claimants) {
    if (names.size > 1) stats.droppedContestedAliases++;
    else owner.set(key, [...names][0]);
  }
  // The skills whose terms each output skill takes: itself (or the concept a curated skill absorbed), then those
  // merged into it.
  const sourcesOf = new Map<string, OpenSkill[]>();
  for (const skill of [...absorbedBy.keys(), ...standalone, ...[...mergedInto.keys()].sort(bySource)]) {
    sourcesOf.set(outputName(skill), [...(sourcesOf.get(outputName(skill)) ?? []), skill]);
  }
  const aliasesOf = (name: string) => {
    const seen = new Set([nameKey(name)]);
    const aliases: string[] = [];
    for (const alias of (sourcesOf.get(name) ?? []).flatMap(termsOf)) {
      const key = nameKey(alias);
      if (owner.get(key) !== name || seen.has(key)) continue;
      seen.add(key);
      aliases.push(alias);
    }
    return aliases;
  };
  for (const entry of curated) {
    if (!sourcesOf.has(entry.name)) continue;
    const own = new Set([entry.name, ...(entry.aliases ?? [])].map(nameKey));
    extraAliases.set(
      entry.name,
      // An acronym would need exact_case, and the curated entry's keys stay as they are.
      aliasesOf(entry.name).filter((alias) => !own.has(nameKey(alias)) && !isAcronym(alias)),
    );
  }

  // 3. Parents: the nearest kept broader concept, by the name it has in the output.
  const nameById = new Map(kept.map((skill) => [skill.ref.id, outputName(skill)]));
  const parentOf = new Map<string, string>();
  for (const entry of curated) if (entry.parent) parentOf.set(entry.name, entry.parent);
  const createsCycle = (child: string, parent: string) => {
    for (let at: string | undefined = parent; at !== undefined; at = parentOf.get(at)) if (at === child) return true;
    return false;
  };
  for (const skill of [...standalone].sort((a, b) => byText(a.name, b.name) || bySource(a, b))) {
    const child = skill.name;
    const parent = skill.broader.map((id) => nameById.get(id)).find((name) => name !== undefined && name !== child);
    if (parent && !createsCycle(child, parent)) parentOf.set(child, parent);
  }

  const entries: SkillEntry[] = curated.map((entry) => {
    const extra = extraAliases.get(entry.name) ?? [];
    return extra.length > 0 ? { ...entry, aliases: [...(entry.aliases ?? []), ...extra] } : entry;
  });
  for (const skill of standalone) {
    const entry: SkillEntry = { name: skill.name, category: skill.category, fields: skill.fields };
    const aliases = aliasesOf(skill.name);
    if (aliases.length > 0) entry.aliases = aliases;
    const acronyms = [skill.name, ...aliases].filter((term) => isAcronym(term) && !skill.contextualName);
    if (acronyms.length > 0) entry.exact_case = acronyms;
    if (skill.contextualName) entry.contextual = [skill.name];
    const parent = parentOf.get(skill.name);
    if (parent) entry.parent = parent;
    entry.ref = skill.ref;
    entries.push(entry);
  }
  return { skills: entries, stats };
}
