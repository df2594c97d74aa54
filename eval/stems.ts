import type { ItsFunction } from 'wink-nlp';
import { engine } from '../src/ai/taxonomy/text-parser.ts';

/**
 * The word stems of a text, lower-cased, hyphens read as spaces ("check-in" is "check in"). Stop words are left out
 * unless the text has nothing else, so "cared for in bed" needs "care" and "bed", not "for".
 */
export function contentStems(text: string): string[] {
  const { its } = engine();
  const doc = engine().readDoc(text.toLowerCase().replace(/[-‐–/]/g, ' '));
  const words = doc.tokens().filter((token) => token.out(its.type) === 'word' || token.out(its.type) === 'number');
  // wink's typings declare its.stem with the model's add-ons argument, which `out` supplies at run time.
  const stem = its.stem as unknown as ItsFunction<string>;
  const stems = (stop: boolean) =>
    words
      .filter((token) => stop || !token.out(its.stopWordFlag))
      .out(stem)
      .map(String);
  const content = stems(false);
  return content.length > 0 ? content : stems(true);
}

/** True when every content stem of the keyword occurs among the text's stems. */
export function keywordOccurs(keyword: string, textStems: ReadonlySet<string>): boolean {
  return contentStems(keyword).every((stem) => textStems.has(stem));
}
