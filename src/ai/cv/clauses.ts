import model from 'wink-eng-lite-web-model';
import winkNLP, { type WinkMethods } from 'wink-nlp';

/**
 * A line of a CV cut into clauses, the scope within which a rating ("expert in …") or a span of years applies.
 * Sentences come from wink-nlp's sentence boundary detection, which knows that "Inc." and "e.g." end no sentence;
 * its tokenizer also splits "Node.js", ".NET" and "github.com" at their dots, so a boundary with no space after it
 * is joined back. Within a sentence, semicolons, bullets and bars separate clauses.
 */
let nlp: WinkMethods | null = null;

// No skill is written as one run of 65 or more characters without a space; such runs (rules of dashes, dotted
// leaders, base64 pasted by mistake) are blanked, keeping offsets, before wink-nlp and the skill matcher, whose time
// grows faster than the length of a single run (64 KB of "!" took over 10 s in wink's tokenizer).
const LONG_RUN = 65;
const WORD = /\S+/g;

export const withoutLongRuns = (text: string) =>
  text.replace(WORD, (word) => (word.length >= LONG_RUN ? ' '.repeat(word.length) : word));

function sentences(text: string): string[] {
  if (!/[.!?]\s/.test(text)) return [text];
  nlp ??= winkNLP(model, ['sbd']);
  // Sentences are found in the text with its long runs blanked (the same length), and cut from the text as written.
  const readable = withoutLongRuns(text);
  const found: string[] = [];
  let cursor = 0;
  for (const sentence of nlp.readDoc(readable).sentences().out()) {
    const at = readable.indexOf(sentence, cursor);
    const start = at < 0 ? cursor : at;
    const joinsPrevious = found.length > 0 && start === cursor;
    const piece = text.slice(cursor, start + sentence.length);
    if (joinsPrevious) found[found.length - 1] += piece;
    else found.push(piece.trim());
    cursor = start + sentence.length;
  }
  if (cursor < text.length && text.slice(cursor).trim() !== '') found.push(text.slice(cursor).trim());
  return found;
}

// The text is normalised to single spaces, so one optional space either side is all a separator can have.
const CLAUSE_SEPARATOR = /\s?[;•·|]\s?/;

export function clausesOf(line: string): string[] {
  return sentences(line).flatMap((sentence) =>
    sentence
      .split(CLAUSE_SEPARATOR)
      .map((clause) => clause.trim())
      .filter((clause) => clause !== ''),
  );
}
