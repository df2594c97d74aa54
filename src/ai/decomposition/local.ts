import type { LocalContext } from '../stage.ts';
import {
  type BriefReading,
  isLimit,
  isMoneyStatement,
  isNotThisWork,
  isWantedPerson,
  type Piece,
  readBrief,
} from './brief-pieces.ts';
import { type BriefSignals, estimate, readSignals } from './estimates.ts';
import type { Decomposition, DecompositionInput, PlannedTask, PlannedWorkstream } from './schema.ts';
import { mainSkills, requiredSkills, type SkillContext } from './task-skills.ts';
import { capitalise, clip, cutBefore, restAfter, taskWords, withoutBrackets } from './task-wording.ts';

/**
 * The offline decomposition: tasks are the pieces of work the brief lays out (its list items, and the requests and
 * enumerations of its prose), each worded from and quoting its piece; workstreams are the brief's own work sections
 * or phases when it has two or more, else its pieces grouped by kind of work. The contract's bounds (2–5 workstreams
 * of 2–8 tasks) are met by merging and splitting groups, and a brief that lays out fewer than four pieces has its
 * pieces split along their own clauses ("covering the venue, catering and ticketing"). Deterministic.
 */
const MIN_TASKS = 4;
const MAX_WORKSTREAMS = 5;
const MIN_PER_WORKSTREAM = 2;
const MAX_PER_WORKSTREAM = 8;
const MAX_TASKS = MAX_WORKSTREAMS * MAX_PER_WORKSTREAM;
const MAX_CRITERIA = 4;
const MAX_SOURCE = 600;

/** A task before it is placed: its words, the brief's excerpt it quotes, and the text its skills are read from. */
type Draft = {
  source: string;
  title: string;
  description: string;
  expectedOutput: string;
  /** What skills and estimates read: the piece as written, or the part of it a split task does. */
  text: string;
  /** What the brief says the piece is part of, or who it asks to do it: "We want an occupational therapist to". */
  askedFor: string | null;
  group: string;
};

type Group = { key: string; title: string; drafts: Draft[] };

export function decompose(input: DecompositionInput, { taxonomy }: LocalContext): Decomposition {
  const level = Math.min(4, Math.max(1, Math.round(input.complexity_level)));
  const reading = readBrief(input.description);
  const briefAreas = taxonomy.findAreasInText(`${input.title}\n\n${input.description}`);
  const groupOf = (piece: Piece, text: string) => {
    if (reading.basis === 'sections') return `section:${piece.section}`;
    const area = taxonomy.findAreasInText(text)[0]?.area ?? briefAreas[0]?.area;
    return area ? `area:${area.id}` : 'brief';
  };

  let drafts: Draft[] = reading.pieces.map((piece) => {
    const text = input.description.slice(piece.span.start, piece.span.end);
    return { ...draftOf(text, piece), group: groupOf(piece, text) };
  });
  if (drafts.length < MIN_TASKS) drafts = [...drafts, ...conditionDrafts(input, reading, groupOf)];
  if (drafts.length === 0) drafts = wholeBriefDrafts(input, reading);
  drafts = splitUntilEnough(drafts).slice(0, MAX_TASKS);
  makeTitlesUnique(drafts);

  const titleOf = (key: string) => {
    if (key.startsWith('section:')) return reading.sections[Number(key.slice(8))].heading ?? input.title;
    if (key.startsWith('area:')) return taxonomy.area(key.slice(5))?.name ?? input.title;
    return input.title;
  };
  const groups = withinBounds(groupDrafts(drafts, titleOf));

  const skillContext: SkillContext = {
    taxonomy,
    background: reading.background,
    briefSkills: mainSkills(taxonomy, input.title, input.description),
    fallback: [
      ...briefAreas.map((mention) => mention.area),
      ...taxonomy.areasForField(input.field),
      ...taxonomy.areasForField('general'),
    ],
  };
  const signals = readSignals(`${input.title}\n${input.description}`);
  const criteria = {
    conditions: reading.requirements,
    success: reading.success,
    // Whom the brief wants for the work ("Experience of listed buildings is essential") is asked of every task.
    wanted: [...reading.background, ...reading.requirements].filter(isWantedPerson),
  };
  const workstreams: PlannedWorkstream[] = groups.map((group) => ({
    title: clip(group.title, 200),
    description: workstreamDescription(group),
    tasks: group.drafts.map((draft) => plannedTask(draft, level, signals, skillContext, criteria)),
  }));

  const tasks = workstreams.flatMap((workstream) => workstream.tasks);
  const hours = tasks.reduce((sum, task) => sum + task.estimated_hours, 0);
  const basis = { sections: 'sections and phases', lists: 'lists', sentences: 'requests' }[reading.basis];
  return {
    summary: clip(
      `${workstreams.length} workstreams and ${tasks.length} tasks, about ${hours} hours in all, taken from the ` +
        `brief's own ${basis}: each task quotes the part of the brief it comes from, and the brief's conditions ` +
        'and success criteria are the acceptance criteria of the tasks they concern.',
      1000,
    ),
    workstreams,
    confidence_score: Math.min(
      90,
      40 + 5 * Math.min(reading.pieces.length, 6) + (reading.basis === 'sentences' ? 0 : 15),
    ),
  };
}

function draftOf(text: string, piece: Pick<Piece, 'umbrella' | 'lead'>): Omit<Draft, 'group'> {
  const words = taskWords(text, piece);
  return { source: excerpt(text, MAX_SOURCE), text, askedFor: piece.umbrella ?? piece.lead, ...words };
}

/**
 * A brief that lays out few pieces may still say what the work must do ("It must work with patchy mobile signal",
 * "addresses must be handled in line with UK GDPR"): those conditions are work it asks for, and come before
 * splitting pieces into steps. Dates and amounts to meet stay limits.
 */
function conditionDrafts(
  input: DecompositionInput,
  reading: BriefReading,
  groupOf: (piece: Piece, text: string) => string,
): Draft[] {
  return reading.requirements
    .filter((sentence) => !isLimit(sentence) && sentence.split(/\s+/).length >= 4)
    .map((sentence) => {
      const start = input.description.indexOf(sentence);
      const piece: Piece = { span: { start, end: start + sentence.length }, section: 0, umbrella: null, lead: null };
      return { ...draftOf(sentence, piece), group: groupOf(piece, sentence) };
    });
}

/** The start of a long piece, cut at a word and without an ellipsis, so that it stays an excerpt of the brief. */
function excerpt(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max + 1).replace(/(?<!\s)\s+\S*$/, '');
}

/** A brief whose wording asks for nothing in so many words: each of its sentences with content is a piece. */
function wholeBriefDrafts(input: DecompositionInput, reading: BriefReading): Draft[] {
  // A budget or a grant is what the work may cost, not a piece of it, even in a brief that asks for nothing else; work
  // the client does itself or leaves out is no piece either.
  const sentences = [...reading.background, ...reading.requirements, ...reading.success].filter(
    (sentence) => sentence.split(/\s+/).length >= 4 && !isMoneyStatement(sentence) && !isNotThisWork(sentence),
  );
  const texts = sentences.length > 0 ? sentences : [input.description.trim() || input.title.trim()];
  return texts.map((text) => ({ ...draftOf(text, { umbrella: null, lead: null }), group: 'brief' }));
}

/**
 * Fewer than four pieces: split the piece with the most parts along its own clauses, again and again — the details
 * it lists ("covering the venue, catering and ticketing"), then two things it joins ("into Arabic and Ukrainian").
 * A brief that still lays out fewer pieces has each piece's preparation and check apart from its delivery, and as
 * a last resort the delivery in a first and a final version: the contract asks for at least four tasks.
 */
function splitUntilEnough(drafts: Draft[]): Draft[] {
  let result = drafts;
  for (const split of [splitDetails, splitActions, splitPair]) {
    while (result.length < MIN_TASKS) {
      const candidates = result.map((draft, k) => ({ k, parts: split(draft) })).filter((c) => c.parts.length > 1);
      if (candidates.length === 0) break;
      const best = candidates.reduce((a, b) => (b.parts.length > a.parts.length ? b : a));
      result = [...result.slice(0, best.k), ...best.parts, ...result.slice(best.k + 1)];
    }
  }
  for (const split of [splitStages, splitVersions]) {
    for (let k = 0; result.length < MIN_TASKS && k < result.length; k++) {
      const parts = split(result[k]);
      result = [...result.slice(0, k), ...parts, ...result.slice(k + 1)];
      k += parts.length - 1;
    }
  }
  return result;
}

/** Where a piece starts listing its details: "covering …", "including …". */
const DETAIL_WORDS = /\b(?:covering|including|such as|for example|e\.g\.)(?=\s)/gi;

function splitDetails(draft: Draft): Draft[] {
  const details = restAfter(draft.text, DETAIL_WORDS);
  if (details === null) return [draft];
  const items = listItems(details);
  if (items.length < 2) return [draft];
  const base = cutBefore(draft.title, /\s(?:covering|including|such as|for example|e\.g\.)\b/gi);
  return items.map((item) => ({
    ...draft,
    title: clip(`${base}: ${item}`, 200),
    description: clip(`${capitalise(item)}, as part of: ${draft.description}`, 2000),
    text: `${base}: ${item}`,
  }));
}

/**
 * "a data pipeline that brings the sources together, cleans the donor records, and feeds a dashboard": what the
 * thing is to do, one task each ("Build a data pipeline: clean the donor records").
 */
function splitActions(draft: Draft): Draft[] {
  const clause = restAfter(draft.text, /\b(?:that|which)(?=\s)/gi);
  if (clause === null) return [draft];
  const items = listParts(withoutBrackets(clause, ''), /\sand\s{1,8}(?=\p{L}{1,40}s\b)/u)
    .map((item) => item.replace(/(?<![.;:])[.;:]+$/, ''))
    .filter(Boolean);
  const actions = items.map(baseForm);
  if (actions.length < 2 || actions.length > MAX_PER_WORKSTREAM || actions.includes(null)) return [draft];
  const base = cutBefore(draft.title, /\s(?:that|which)\b/gi);
  return actions.map((action) => ({
    ...draft,
    title: clip(`${base}: ${action}`, 200),
    description: clip(`${capitalise(action!)}, as part of: ${draft.description}`, 2000),
    // Skills and hours are read from this part, with the thing it belongs to.
    text: `${base}: ${action}`,
  }));
}

/**
 * "cleans and de-duplicates the donor records" → "clean and de-duplicate the donor records"; null when the item does
 * not start with a verb. After "that" in a description of a thing, a word in -s is the thing's action.
 */
function baseForm(item: string): string | null {
  const words = item.split(/\s+/);
  const first = presentToBase(words[0]);
  if (!first || words.length < 2) return null;
  const rest = words.slice(1).map((word, k) => (words[k] === 'and' ? (presentToBase(word) ?? word) : word));
  return [first, ...rest].join(' ');
}

function presentToBase(word: string): string | null {
  if (!/^[a-z-]{3,}s$/.test(word) || /(?:ss|us|is)$/.test(word)) return null;
  return /(?:sh|ch|x|z|o)es$/.test(word) ? word.slice(0, -2) : word.slice(0, -1);
}

function splitPair(draft: Draft): Draft[] {
  // Only a pair that ends a phrase ("into Arabic and Ukrainian for families"): "visits and stock needs" is one thing.
  // A word starts after a non-letter: from every "\b" of "a-b-c-…" the pattern read to the end of the run.
  const pair =
    /(?<![\p{L}-])([\p{L}-]{1,40})\s{1,8}(?:and|or)\s{1,8}([\p{L}-]{1,40})(?=\s{1,8}(?:for|to|in|on|at|by|with|from)\b|$)/u.exec(
      draft.title,
    );
  if (!pair || pair[1].length < 3 || pair[2].length < 3) return [draft];
  return [pair[1], pair[2]].map((item) => ({
    ...draft,
    title: draft.title.replace(pair[0], item),
    description: clip(`${capitalise(item)}: ${draft.description}`, 2000),
  }));
}

/** Drafts that are the delivery step of a piece split into preparation, delivery and check. */
const DELIVERY_STEPS = new WeakSet<Draft>();

function splitStages(draft: Draft): Draft[] {
  if (DELIVERY_STEPS.has(draft)) return [draft];
  const lower = draft.title.charAt(0).toLowerCase() + draft.title.slice(1);
  const delivery = { ...draft };
  DELIVERY_STEPS.add(delivery);
  return [
    {
      ...draft,
      title: clip(`Prepare for: ${lower}`, 200),
      description: clip(
        `Gather what is needed and agree the approach for this part of the brief. ${draft.description}`,
        2000,
      ),
      expectedOutput: 'An agreed approach, with what is needed gathered and open questions answered.',
    },
    delivery,
    {
      ...draft,
      title: clip(`Check and hand over: ${lower}`, 200),
      description: clip(`Check the result against the brief and hand it over. ${draft.description}`, 2000),
      expectedOutput: 'The checked result, handed over with a note of what was done and what is left.',
    },
  ];
}

function splitVersions(draft: Draft): Draft[] {
  if (!DELIVERY_STEPS.has(draft)) return [draft];
  return [
    {
      ...draft,
      title: clip(`${draft.title} (first version)`, 200),
      description: clip(`A first version, to review. ${draft.description}`, 2000),
    },
    {
      ...draft,
      title: clip(`${draft.title} (final version)`, 200),
      description: clip(`The final version, with the review's changes. ${draft.description}`, 2000),
    },
  ];
}

/** "the venue, catering, entertainment, ticketing and volunteers on the night" → its five items. */
function listItems(text: string): string[] {
  const parts = listParts(withoutBrackets(text, ''), /\s(?:and|or)\s/)
    .map((part) => part.replace(/(?<![.;:])[.;:]+$/, ''))
    .filter((part) => part.length > 1);
  return parts.length >= 2 && parts.length <= MAX_PER_WORKSTREAM ? parts : [];
}

/**
 * `text` cut at its commas (and an "and" or "or" after one) and at `joiner`, each part trimmed. (One pattern for both,
 * /,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/, tried every space of a long run of spaces to its end: quadratic.)
 */
function listParts(text: string, joiner: RegExp): string[] {
  return text
    .split(',')
    .flatMap((part, k) => (k === 0 ? part : part.trimStart().replace(/^(?:and|or)\s+/, '')).split(joiner))
    .map((part) => part.trim());
}

/** Tasks whose titles would repeat take more of their piece's words, then a number. */
function makeTitlesUnique(drafts: Draft[]) {
  const seen = new Set<string>();
  for (const draft of drafts) {
    let title = draft.title;
    if (seen.has(title.toLowerCase())) title = clip(`${title} (${draft.source})`, 200);
    for (let n = 2; seen.has(title.toLowerCase()); n++) title = clip(`${draft.title} (${n})`, 200);
    seen.add(title.toLowerCase());
    draft.title = title;
  }
}

function groupDrafts(drafts: Draft[], titleOf: (key: string) => string): Group[] {
  const groups: Group[] = [];
  for (const draft of drafts) {
    const group = groups.find((candidate) => candidate.key === draft.group);
    if (group) group.drafts.push(draft);
    else groups.push({ key: draft.group, title: titleOf(draft.group), drafts: [draft] });
  }
  return groups;
}

/**
 * 2–5 groups of 2–8 tasks, keeping the brief's order: a group too small joins its neighbour, too many groups merge
 * the smallest neighbours, and where that still fails the tasks are cut in order into even runs.
 */
function withinBounds(initial: Group[]): Group[] {
  let groups = initial.map((group) => ({ ...group, drafts: [...group.drafts] }));
  const merge = (k: number) => {
    const [a, b] = [groups[k], groups[k + 1]];
    const title = a.drafts.length >= b.drafts.length ? a.title : b.title;
    groups = [...groups.slice(0, k), { key: a.key, title, drafts: [...a.drafts, ...b.drafts] }, ...groups.slice(k + 2)];
  };
  for (let small = groups.findIndex((g) => g.drafts.length < MIN_PER_WORKSTREAM); small !== -1 && groups.length > 1; ) {
    merge(small === groups.length - 1 ? small - 1 : small);
    small = groups.findIndex((g) => g.drafts.length < MIN_PER_WORKSTREAM);
  }
  while (groups.length > MAX_WORKSTREAMS) {
    let best = 0;
    for (let k = 1; k < groups.length - 1; k++) {
      const size = groups[k].drafts.length + groups[k + 1].drafts.length;
      if (size < groups[best].drafts.length + groups[best + 1].drafts.length) best = k;
    }
    merge(best);
  }
  const fits = groups.length >= 2 && groups.every((g) => g.drafts.length <= MAX_PER_WORKSTREAM);
  return fits ? groups : evenRuns(groups);
}

/** The tasks in order, cut into the fewest even runs the bounds allow, each named after the group most of it is. */
function evenRuns(groups: Group[]): Group[] {
  const drafts = groups.flatMap((group) => group.drafts.map((draft) => ({ draft, title: group.title })));
  const count = Math.min(MAX_WORKSTREAMS, Math.max(2, Math.ceil(drafts.length / MAX_PER_WORKSTREAM)));
  const runs: Group[] = [];
  for (let k = 0; k < count; k++) {
    const run = drafts.slice(Math.round((k * drafts.length) / count), Math.round(((k + 1) * drafts.length) / count));
    const titles = run.map((item) => item.title);
    const title = titles.sort((a, b) => titles.filter((t) => t === b).length - titles.filter((t) => t === a).length)[0];
    runs.push({ key: `run:${k}`, title, drafts: run.map((item) => item.draft) });
  }
  const repeated = (title: string) => runs.filter((run) => run.title === title).length > 1;
  return runs.map((run, k) =>
    repeated(run.title) ? { ...run, title: `${run.title} (part ${partNumber(runs, k)})` } : run,
  );
}

function partNumber(runs: Group[], index: number): number {
  return runs.slice(0, index + 1).filter((run) => run.title === runs[index].title).length;
}

function workstreamDescription(group: Group): string {
  const titles = group.drafts.map((draft) => draft.title.charAt(0).toLowerCase() + draft.title.slice(1));
  return clip(`${group.title}: ${titles.join('; ')}. Every task here is one the brief asks for.`, 1000);
}

function plannedTask(
  draft: Draft,
  level: number,
  signals: BriefSignals,
  skills: SkillContext,
  criteria: { conditions: readonly string[]; success: readonly string[]; wanted: readonly string[] },
): PlannedTask {
  const { hours, complexity, experience } = estimate(draft.text, level, signals);
  const related = relatedCriteria(draft, [...criteria.conditions, ...criteria.success]);
  // The conditions it must meet ("must comply with the CDM Regulations") name skills its work needs too.
  const conditions = related.filter((criterion) => criteria.conditions.includes(criterion));
  return {
    title: draft.title,
    description: draft.description,
    source: draft.source,
    required_skills: requiredSkills(draft.text, draft.title, skills, {
      conditions,
      askedFor: draft.askedFor,
      wanted: criteria.wanted,
    }),
    required_experience_level: experience,
    expected_output: draft.expectedOutput,
    acceptance_criteria: [
      clip(`Delivers what the brief asks: "${draft.source}"`, 500),
      ...related.map((criterion) => clip(criterion, 500)),
    ],
    estimated_hours: hours,
    complexity_score: complexity,
  };
}

/**
 * The brief's conditions and success criteria that speak of the same things as the piece, most shared words first:
 * its acceptance criteria after the piece itself, delivered.
 */
function relatedCriteria(draft: Draft, criteria: readonly string[]): string[] {
  const own = contentWords(draft.text);
  return criteria
    .map((criterion) => ({ criterion, shared: [...contentWords(criterion)].filter((word) => own.has(word)).length }))
    .filter((item) => item.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, MAX_CRITERIA - 1)
    .map((item) => item.criterion);
}

const STOP_WORDS = new Set(
  'the a an and or of for to in on at by with from our we us it is are be this that these those will can should must have has need needs want more less than all each every about into also which who what when where'.split(
    ' ',
  ),
);

function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 3 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(?:es|s)$/, '')),
  );
}
