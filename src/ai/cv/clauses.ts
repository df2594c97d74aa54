import model from 'wink-eng-lite-web-model';
import winkNLP, { type WinkMethods } from 'wink-nlp';

/**
 * A line of a CV cut into clauses, the scope within which a rating ("expert in …") or a span of years applies.
 * Sentences come from wink-nlp's sentence boundary detection, which knows that "Inc." and "e.g." end no sentence;
 * its tokenizer also splits "Node.js", ".NET" and "github.com" at their dots, so a boundary with no space after it
 * is joined back. Within a sentence, semicolons, bullets and bars separate clauses.
 */
let nlp: WinkMethods | null = null;

function sentences(text: string): string[] {
  if (!/[.!?]\s/.test(text)) return [text];
  nlp ??= winkNLP(model, ['sbd']);
  const found: string[] = [];
  let cursor = 0;
  for (const sentence of nlp.readDoc(text).sentences().out()) {
    const at = text.indexOf(sentence, cursor);
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
