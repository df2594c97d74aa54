/**
 * The language a CV is written in, from its most common function words. The person evidently reads and writes that
 * language — the CV itself shows it — so, as a recruiter would, the analysis does not list it among their skills:
 * "English (fluent)" on an English CV says nothing a reader of the CV does not already know, while the CV's other
 * languages ("Polish (native)", "German B2") are kept. A text too short or too mixed to tell gives null, and then
 * every stated language is kept.
 */
const FUNCTION_WORDS: Record<string, readonly string[]> = {
  English: ['the', 'and', 'of', 'to', 'in', 'for', 'with', 'on', 'at', 'as', 'by', 'from', 'an', 'my', 'was', 'is'],
  French: ['le', 'la', 'les', 'et', 'de', 'des', 'du', 'en', 'pour', 'avec', 'dans', 'sur', 'une', 'au', 'aux'],
  German: ['der', 'die', 'das', 'und', 'mit', 'für', 'von', 'im', 'zu', 'auf', 'bei', 'ein', 'eine', 'den', 'dem'],
  Spanish: ['el', 'los', 'las', 'y', 'con', 'para', 'por', 'del', 'una', 'en', 'como', 'al', 'sus'],
  Italian: ['il', 'gli', 'e', 'di', 'con', 'per', 'nel', 'della', 'una', 'delle', 'dei', 'alla', 'sul'],
  Dutch: ['de', 'het', 'en', 'van', 'met', 'voor', 'een', 'op', 'bij', 'naar', 'aan', 'om', 'als'],
  Portuguese: ['o', 'os', 'e', 'do', 'da', 'dos', 'das', 'com', 'para', 'em', 'uma', 'no', 'na', 'pelo'],
};

/** Fewer function words than this and the text is a list, not prose: too little to tell. */
const MIN_FUNCTION_WORDS = 12;
/** The winner must clearly lead the runner-up. */
const MIN_LEAD = 2;

const LANGUAGE_OF_WORD = (() => {
  const byWord = new Map<string, string[]>();
  for (const [language, words] of Object.entries(FUNCTION_WORDS)) {
    for (const word of words) byWord.set(word, [...(byWord.get(word) ?? []), language]);
  }
  return byWord;
})();

export function writtenLanguage(text: string): string | null {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    for (const language of LANGUAGE_OF_WORD.get(word) ?? []) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < MIN_FUNCTION_WORDS) return null;
  return !second || first[1] >= MIN_LEAD * second[1] ? first[0] : null;
}
