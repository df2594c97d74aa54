/**
 * One text shape whatever the source format, so the analyzers see the same words in a PDF, a DOCX and a DOC:
 * compatibility forms folded (NFKC turns the "ﬁ"/"ﬂ" ligatures of PDF fonts into letters and no-break spaces into
 * spaces), invisible characters dropped, curly quotes straightened, each line's spacing collapsed and trimmed, and
 * blank lines dropped (Word files separate every paragraph with one, PDFs never do).
 */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
// Symbol fonts (Wingdings bullets in Word files) map to the private use area; control characters other than tab and
// newline are field and cell marks of the Word binary format. Line breaks are normalised before this runs.
const NOISE = /\p{Co}|(?![\t\n])\p{Cc}/gu;
const LINE_BREAKS = /\r\n?|[\v\f\u2028\u2029]/g;

export function normalizeText(raw: string): string {
  const text = raw
    .normalize('NFKC')
    .replace(LINE_BREAKS, '\n')
    .replace(INVISIBLE, '')
    .replace(NOISE, ' ')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"');
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Letters and digits only: how much real text a document holds, whatever its spacing and punctuation. */
export function countWordCharacters(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
