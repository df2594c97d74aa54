import type { Decomposition, DecompositionInput, PlannedTask } from './schema.ts';
import { isWorkVerb } from './work-verbs.ts';

/**
 * The decomposition's rules beyond its schema (the stage's verifier): every task comes from the brief (its `source`
 * is an excerpt of the brief's title or text, compared without regard to case, spacing, or the style of quotes and
 * dashes), no task repeats another, a title asks for one thing, and a task names each skill once. A model's plan
 * that breaks them is asked for again; the offline plan is tested against them.
 */
export function verifyDecomposition(plan: Decomposition, input: DecompositionInput): string[] {
  const brief = normalise(`${input.title}\n${input.description}`);
  const problems: string[] = [];
  const titles = new Map<string, string>();
  const contents = new Map<string, string>();
  plan.workstreams.forEach((workstream, w) => {
    workstream.tasks.forEach((task, t) => {
      const where = `/workstreams/${w}/tasks/${t}`;
      if (!brief.includes(normalise(task.source))) {
        problems.push(`${where}/source is not an excerpt of the brief: copy the words the task comes from exactly.`);
      }
      const title = normalise(task.title).replace(/[^\p{L}\p{N} ]/gu, '');
      const sameTitle = titles.get(title);
      if (sameTitle) problems.push(`${where} repeats the title of ${sameTitle}: each task must be different work.`);
      else titles.set(title, where);
      const content = `${normalise(task.source)}\n${normalise(task.description)}`;
      const sameContent = contents.get(content);
      if (sameContent) problems.push(`${where} has the same source and description as ${sameContent}.`);
      else contents.set(content, where);
      const joined = joinedActions(task.title);
      if (joined) {
        problems.push(
          `${where}/title joins two actions ("${joined[0]}" and "${joined[1]}"): make each its own task, one action each.`,
        );
      }
      const skills = skillRepeats(task);
      if (skills.length > 0) problems.push(`${where}/required_skills names ${skills.join(', ')} more than once.`);
    });
  });
  return problems;
}

/** Text as compared for excerpts: lower case, one space for any run of white space, plain quotes and hyphens. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words that open the object of a verb: "write *the* newsletter", "audit *our* website", "run *two* workshops". */
const OBJECT_OPENERS = new Set([
  'a',
  'an',
  'the',
  'our',
  'their',
  'its',
  'your',
  'this',
  'that',
  'these',
  'those',
  'each',
  'every',
  'all',
  'some',
  'new',
  'two',
  'three',
  'four',
  'five',
  'six',
  'ten',
]);

/**
 * The two instructions a title joins, when it joins two ("Design the logo and write the newsletter"), or null. One
 * verb with several objects ("Plan the venue and catering"), several verbs sharing one object ("Label and map the
 * warehouse") and two actions on the same thing ("Draft and test the survey questions") are one task.
 */
export function joinedActions(title: string): [string, string] | null {
  // The parts are trimmed, so a joint is only its word: spaces before "and" bounded, and none before ";" or ",", so that
  // it is not tried from every space of a long run of them (quadratic).
  const parts = title
    .split(/;\s*|(?:,\s+|\s{1,8})(?:and|&|as well as|plus)\s+(?:(?:then|also)\s+)?/i)
    .map((part) => part.trim())
    .filter(Boolean);
  for (let k = 1; k < parts.length; k++) {
    const left = words(parts[k - 1]);
    const right = words(parts[k]);
    if (right.length < 3 || !isWorkVerb(right[0]) || !OBJECT_OPENERS.has(right[1].toLowerCase())) continue;
    // The left part must be an instruction with an object of its own: in "Book, move and cancel appointments" the
    // verbs share one object.
    const leftVerb = left.findLastIndex((word) => isWorkVerb(word));
    if (leftVerb === -1 || left.length - leftVerb < 3) continue;
    const leftObject = new Set(
      left
        .slice(leftVerb + 1)
        .map(stem)
        .filter(isContentWord),
    );
    const rightObject = right.slice(1).map(stem).filter(isContentWord);
    if (rightObject.some((word) => leftObject.has(word))) continue;
    return [parts[k - 1], parts[k]];
  }
  return null;
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
}

function isContentWord(word: string): boolean {
  return word.length > 2 && !OBJECT_OPENERS.has(word);
}

/** Crude plural folding, enough to see that "pages" and "page" are one thing. */
function stem(word: string): string {
  return word.toLowerCase().replace(/(?<=\w{3})(es|s)$/, '');
}

function skillRepeats(task: PlannedTask): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const skill of task.required_skills) {
    const key = skill.name.trim().toLowerCase();
    if (seen.has(key)) repeated.add(skill.name);
    seen.add(key);
  }
  return [...repeated];
}
