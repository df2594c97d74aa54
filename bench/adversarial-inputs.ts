/**
 * The adversarial corpus of `npm run bench:adversarial`: text shaped to make a backtracking regular expression work
 * hard, each made at any size by repeating a unit. Most are the runs a pattern with two overlapping repetitions
 * stumbles on (a run of the characters both can take, then one that ends the match); the rest repeat the things the
 * analyzers look for (e-mails, links, dates, list items) so that every reader sees many candidates.
 */
import { CHALLENGE_DESCRIPTION_MAX } from '../src/modules/challenges/challenges.schemas.ts';
import { NewIdea } from '../src/modules/ideas/ideas.schemas.ts';

export type Shape = { name: string; make: (size: number) => string };

/** `unit` repeated to `size` characters (cut mid-unit at the end), then `tail`, so every shape has the size asked. */
function repeated(unit: string, tail = ''): (size: number) => string {
  return (size) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size - tail.length) + tail;
}

export const SHAPES: Shape[] = [
  // Runs of one character, ended by one that stops whatever was matching.
  { name: "'@' run", make: repeated('@', '\u0000') },
  { name: "'.' run", make: repeated('.', 'x') },
  { name: "'-' run", make: repeated('-', 'x') },
  { name: "'!' run", make: repeated('!', '\u0000!') },
  { name: "'(' run", make: repeated('(', '\n()') },
  { name: 'digit run', make: repeated('1', 'x') },
  { name: 'space run', make: repeated(' ', 'x') },
  { name: 'tab run', make: repeated('\t', '\u0000;') },
  { name: 'newline run', make: repeated('\n', 'x') },
  // The review's attack on the e-mail detector ("non-space, @, non-space, dot, letters") and its relatives.
  { name: 'at-dot attack', make: repeated('a.', '@') },
  { name: 'e-mail attack', make: (size) => `x@${repeated('.x')(size - 4)}.@.` },
  { name: 'dotted digits', make: repeated('0,0', '\u0000') },
  { name: "'!(' pairs", make: repeated('!(') },
  // Many candidates: the same word, date, address or link over and over, on one line and on many.
  { name: 'repeated word', make: repeated('python ') },
  { name: 'repeated dates', make: repeated('2019 - 2021 ') },
  { name: 'date lines', make: repeated('Jan 2019 – Present\n') },
  { name: 'repeated e-mails', make: repeated('jo@example.org ') },
  { name: 'repeated links', make: repeated('https://example.org/a/b ') },
  { name: 'list items', make: repeated('- Built websites, and managed databases;\n') },
  { name: 'no sentence end', make: repeated('we need someone to help us with the ') },
  { name: 'headings', make: repeated('Skills: ') },
];

/**
 * The sizes each analyzer is timed at: 1×, 4× and 16×. A CV's text may be up to 100,000 characters after extraction
 * (src/ai/text/extract.ts), and the text readers see all of it: 4, 16 and 64 KB. A brief is read from a description
 * and a refined brief of at most 5,000 characters each (the API refuses longer ones) and an idea from a description of
 * at most 2,000: those analyzers are timed up to that cap, since no longer text of theirs can reach them.
 */
const UNCAPPED = [4 * 1024, 16 * 1024, 64 * 1024];
const upTo = (cap: number) => [Math.round(cap / 16), Math.round(cap / 4), cap];
// The schema the API checks a new idea against (a JSON schema: its options are plain properties).
const IDEA_DESCRIPTION_MAX = (NewIdea.properties.description as unknown as { maxLength: number }).maxLength;
const CAPPED: Record<string, number[]> = {
  brief: upTo(CHALLENGE_DESCRIPTION_MAX),
  complexity: upTo(CHALLENGE_DESCRIPTION_MAX),
  decomposition: upTo(CHALLENGE_DESCRIPTION_MAX),
  idea: upTo(IDEA_DESCRIPTION_MAX),
};

export const sizesFor = (analyzer: string): number[] => CAPPED[analyzer] ?? UNCAPPED;
