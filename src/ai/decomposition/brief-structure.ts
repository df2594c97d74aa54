/**
 * How a brief lays out its work: its sections (a heading on its own line, "Phase 2: Build", "Deliverables:"), and in
 * them list items and prose sentences. Every part is a span of the brief's text, so whatever a task is made from can
 * be quoted back exactly as its source.
 */
export type Span = { start: number; end: number };

/** What a section holds, read from its heading: only `work` sections (and a brief without headings) plan tasks. */
export type SectionKind = 'work' | 'context' | 'constraint' | 'success' | 'risk' | 'people';

/** `item`: a sentence of a list item written under a label ("- By March: event plan and risk assessment"). */
export type Unit = Span & { list: boolean; item?: boolean };

export type Section = { heading: string | null; kind: SectionKind; units: Unit[] };

const LIST_MARKER = /^[ \t]*(?:[-*•–—·+▪◦]|\(?\d{1,2}[.)]|\(?[a-h][.)]|\(?(?:i|ii|iii|iv|v|vi|vii|viii)[.)])[ \t]+/i;
const MARKDOWN_HEADING = /^[ \t]*#{1,6}[ \t]+/;
/** "Phase 1", "Stage two", "Milestone 3", "Deliverable 2", "Week 1-2", "Work package 4", then its name. */
const PHASE =
  /^[ \t]*(?:phase|stage|step|milestone|deliverable|part|workstream|work package|week|weeks|month|months|sprint)[ \t]+(?:\d{1,2}(?:[ \t]*[-–][ \t]*\d{1,2})?|one|two|three|four|five|six|[ivx]{1,4})\b/i;
const HEADING_MAX_WORDS = 8;
/** A label that is a time: "By February", "July", "Early March", "End of May", "Q3", "Week 6". */
const TIME_LABEL =
  /^(?:by|from|until|before|in|early|mid|late|end of|the end of|(?:by|before) the end of)?\s{0,4}(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|winter|q[1-4]|(?:week|month|day)s?\s{1,4}\d{1,2}(?:\s{0,4}[-–]\s{0,4}\d{1,2})?)(?:\s{1,4}\d{4})?$/i;
const LABEL_MAX_WORDS = 5;
/** A label ends at a colon; "We need the following:" is a sentence, not a label. */
const NOT_A_LABEL = /^(?:we|i|you|they|it|this|that|there|please|if|when|our\s+\w+\s+(?:is|are))\b/i;

const SECTION_WORDS: [SectionKind, RegExp][] = [
  ['success', /\b(?:success|criteria|kpis?|metrics?|measures?|outcomes?|results?|impact we want)\b/i],
  ['constraint', /\b(?:constraints?|limitations?|limits|budget|timeline|timing|deadlines?|restrictions?)\b/i],
  ['risk', /\b(?:risks?|concerns?|worries|worried|assumptions?|dependencies)\b/i],
  ['people', /\b(?:stakeholders?|audience|who we are|contacts?|team)\b/i],
  ['context', /\b(?:background|context|about us|about|problem|situation|overview|introduction|current)\b/i],
];

/** A heading that names work to do: a phase, stage or milestone, deliverables, scope, tasks. */
export function isWorkHeading(heading: string | null): boolean {
  return heading !== null && (PHASE.test(heading) || WORK_HEADING.test(heading));
}

const WORK_HEADING = /\b(?:deliverables?|scope|tasks?|goals?|requirements?|what we need)\b/i;

function sectionKind(heading: string): SectionKind {
  // A phase or deliverable heading is work whatever else it says ("Phase 3: measure the results").
  if (isWorkHeading(heading)) return 'work';
  return SECTION_WORDS.find(([, words]) => words.test(heading))?.[0] ?? 'work';
}

type Line = Span & { text: string };

/** Sections of the text, in order; the text before the first heading is a section without one. */
export function readSections(text: string): Section[] {
  const lines = splitLines(text);
  const sections: Section[] = [{ heading: null, kind: 'work', units: [] }];
  const open = (heading: string) => {
    const clean = heading.replace(/^[ \t#]+/, '').replace(/(?<![:\s])[:\s]+$/, '');
    sections.push({ heading: clean, kind: sectionKind(clean), units: [] });
  };
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    if (line.text.trim() === '') continue;
    const marker = LIST_MARKER.exec(line.text);
    if (marker && line.text.trim().length > marker[0].trim().length) {
      // A list item that is itself a phase ("1. Phase one: discovery") opens a section, like a heading would.
      const item = trimSpan(text, { start: line.start + marker[0].length, end: line.end });
      if (!headingWithContent(text, item, open, sections, true)) sections.at(-1)!.units.push({ ...item, list: true });
      continue;
    }
    if (MARKDOWN_HEADING.test(line.text) || isShortHeading(line.text, lines[k + 1])) {
      open(line.text);
      continue;
    }
    // A paragraph runs on over lines wrapped by hand, up to a blank line, a list item or a heading.
    let end = k;
    while (end + 1 < lines.length && continuesParagraph(lines[end + 1].text)) end++;
    const span = trimSpan(text, { start: line.start, end: lines[end].end });
    // "Production: six days of filming…" under "Pre-production: research…": lines each under a label of its own lay
    // out the work as a list does, so each line is an item of it.
    const inSeries =
      opensWithLabel(line.text) &&
      (opensWithLabel(lines[k - 1]?.text ?? '') || opensWithLabel(lines[end + 1]?.text ?? ''));
    k = end;
    if (headingWithContent(text, span, open, sections, false, inSeries)) continue;
    for (const sentence of splitSentences(text, span)) sections.at(-1)!.units.push({ ...sentence, list: false });
  }
  return sections.filter((section) => section.units.length > 0 || section.heading !== null);
}

/**
 * "Phase 1: Discovery — interview ten users" or "Deliverables: a report and a toolkit" or "Success: fewer calls":
 * the label opens a section and the rest of the line is its first content. Returns whether the line was one.
 */
function headingWithContent(
  text: string,
  span: Span,
  open: (heading: string) => void,
  sections: Section[],
  listItem = false,
  labelledSeries = false,
): boolean {
  const line = text.slice(span.start, span.end);
  const phase = PHASE.exec(line);
  const colon = line.indexOf(':');
  let labelEnd = -1;
  let contentStart = -1;
  if (phase) {
    // The phase's name runs to a colon or dash after it, when the line goes on; else the whole line is the heading.
    const after = line.slice(phase[0].length);
    const separator = /^\s*[:.)\-–—]\s*([^:—–\s][^:—–]{0,59}?)\s*(?:[:—–]|\s-\s)\s*(?=\S)/.exec(after);
    if (separator) {
      labelEnd = phase[0].length + separator[0].length;
      contentStart = labelEnd;
    } else if (wordCount(after) <= HEADING_MAX_WORDS && !/[.!?]$/.test(line)) {
      open(line);
      return true;
    } else {
      labelEnd = phase[0].length;
      contentStart = phase[0].length + (/^\s*[:.)\-–—]?\s*/.exec(after)?.[0].length ?? 0);
    }
  } else if (colon > 0 && colon < line.length - 1) {
    const label = line.slice(0, colon);
    if (!isLabel(label)) return false;
    // "- A building fabric survey: walls, roof…" names its piece before the colon: the item is one piece. Only a
    // time ("- By March: …", "- July: …") labels the items of a list as a phase does.
    if (listItem && !TIME_LABEL.test(label.trim())) return false;
    labelEnd = colon;
    contentStart = colon + 1;
  } else {
    return false;
  }
  open(line.slice(0, labelEnd).replace(/(?<![\s:.)\-–—])[\s:.)\-–—]+$/, ''));
  const content = trimSpan(text, { start: span.start + contentStart, end: span.end });
  // "- By March: event plan, risk assessment and road closure application": a list item under its label is still
  // an item of the list, one piece, as the unlabelled items beside it are; so is a line of a series of labelled
  // lines.
  if (content.end > content.start) {
    for (const sentence of splitSentences(text, content))
      sections.at(-1)!.units.push({ ...sentence, list: false, item: listItem || labelledSeries });
  }
  return true;
}

/** The words before a colon that name what follows: "Deliverables", "Post-production", "By March". */
function isLabel(label: string): boolean {
  return wordCount(label) <= LABEL_MAX_WORDS && !NOT_A_LABEL.test(label) && !/[,.;]/.test(label);
}

/**
 * A line of its own that opens with a capitalised label and a colon ("Production: six days of filming…") starts a
 * new labelled line, as a phase does, though no blank line comes before it: a line wrapped by hand goes on with a
 * sentence's words, not with a label of its own.
 */
function opensWithLabel(line: string): boolean {
  const colon = line.indexOf(':');
  if (colon <= 0 || colon === line.trimEnd().length - 1) return false;
  const label = line.slice(0, colon).trim();
  return /^\p{Lu}/u.test(label) && isLabel(label);
}

function continuesParagraph(line: string): boolean {
  return (
    line.trim() !== '' &&
    !LIST_MARKER.test(line) &&
    !MARKDOWN_HEADING.test(line) &&
    !PHASE.test(line) &&
    !opensWithLabel(line)
  );
}

/** A short line with no closing full stop, followed by more text: "Goals", "What we need", "Constraints:". */
function isShortHeading(line: string, next: Line | undefined): boolean {
  const trimmed = line.trim();
  if (!next || trimmed === '' || /[.!?,;]$/.test(trimmed)) return false;
  if (/^[a-z]/.test(trimmed) || NOT_A_LABEL.test(trimmed)) return false;
  return wordCount(trimmed) <= HEADING_MAX_WORDS;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const part of text.split('\n')) {
    lines.push({ start, end: start + part.length, text: part });
    start += part.length + 1;
  }
  return lines;
}

/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|approx|vs|mr|mrs|ms|dr|st|no|incl|est|dept|fig)|\b[A-Z])\.$/i;

/** The sentences of a span: a full stop, question or exclamation mark, then a space and a capital or digit. */
function splitSentences(text: string, span: Span): Span[] {
  const sentences: Span[] = [];
  const boundary = /[.!?]["')\]]?\s+(?=["'(“‘]?[A-Z0-9])/g;
  const body = text.slice(span.start, span.end);
  let start = 0;
  for (const match of body.matchAll(boundary)) {
    const end = match.index + match[0].trimEnd().length;
    if (ABBREVIATIONS.test(body.slice(start, match.index + 1))) continue;
    sentences.push(trimSpan(text, { start: span.start + start, end: span.start + end }));
    start = match.index + match[0].length;
  }
  if (start < body.length) sentences.push(trimSpan(text, { start: span.start + start, end: span.end }));
  return sentences.filter((sentence) => sentence.end > sentence.start);
}

export function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
