/**
 * How a brief lays out its work: its sections (a heading on its own line, "Phase 2: Build", "Deliverables:"), and in
 * them list items and prose sentences. Every part is a span of the brief's text, so whatever a task is made from can
 * be quoted back exactly as its source.
 */
export type Span = { start: number; end: number };

/** What a section holds, read from its heading: only `work` sections (and a brief without headings) plan tasks. */
export type SectionKind = 'work' | 'context' | 'constraint' | 'success' | 'risk' | 'people';

/**
 * `item`: a sentence of a list item written under a label ("- By March: event plan and risk assessment").
 * `umbrella`: the words before an enumeration written inline ("We would like (1) …, (2) …"): what its items are part of.
 */
export type Unit = Span & { list: boolean; item?: boolean; umbrella?: boolean };

export type Section = { heading: string | null; kind: SectionKind; units: Unit[] };

const LIST_MARKER = /^[ \t]*(?:[-*•–—·+▪◦]|\(?\d{1,2}[.)]|\(?[a-h][.)]|\(?(?:i|ii|iii|iv|v|vi|vii|viii)[.)])[ \t]+/i;
const MARKDOWN_HEADING = /^[ \t]*#{1,6}[ \t]+/;
/** "Phase 1", "Stage two", "Milestone 3", "Deliverable 2", "Week 1-2", "Work package 4", then its name. */
const PHASE =
  /^[ \t]*(?:phase|stage|step|milestone|deliverable|part|workstream|work package|week|weeks|month|months|sprint)[ \t]+(?:\d{1,2}(?:[ \t]*[-–][ \t]*\d{1,2})?|one|two|three|four|five|six|[ivx]{1,4}|[a-h](?=[ \t]*[:.)\-–—]|[ \t]*$))\b/i;
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
  [
    'context',
    /\b(?:background|context|about us|about|problem|situation|overview|introduction|current|terms(?!\s{1,4}of\s{1,4}reference)|conditions\s{1,4}of|legal|small\s{1,4}print)\b/i,
  ],
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
  // Questions on lines of their own, each answered below ("What do you need from us?"): a brief written as questions
  // and answers, whose questions are its headings. One question alone is a question the brief asks.
  const questions = lines.filter((line, k) => isQuestionHeading(line.text, lines[k + 1])).length >= 2;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    if (line.text.trim() === '') continue;
    // An e-mail: what follows the sign-off is the signature (name, address, a confidentiality notice), and an earlier
    // message quoted below is someone else's words; neither lays out work.
    if (QUOTED.test(line.text)) continue;
    if (isEarlierMessage(line.text, lines[k + 1]?.text ?? '')) break;
    if (SIGN_OFF.test(line.text.trim())) {
      while (k + 1 < lines.length && !QUOTED.test(lines[k + 1].text) && !/^\s*p\.\s?s\b/i.test(lines[k + 1].text)) k++;
      continue;
    }
    // A table: each row under its header is an item of a list; the header and the rule under it are no content.
    if (TABLE_ROW.test(line.text)) {
      if (isTableRule(line.text) || isTableRule(lines[k + 1]?.text ?? '')) continue;
      const row = trimSpan(text, tableRowSpan(line));
      if (row.end > row.start) sections.at(-1)!.units.push({ ...row, list: true });
      continue;
    }
    const marker = LIST_MARKER.exec(line.text);
    if (marker && line.text.trim().length > marker[0].trim().length) {
      // A list item that is itself a phase ("1. Phase one: discovery") opens a section, like a heading would.
      const item = trimSpan(text, { start: line.start + marker[0].length, end: line.end });
      // An item with items indented under it ("- Casualty care" over "  - refresh the team on…") names a group of
      // them, as a heading does: its items are the pieces.
      if (hasSubItems(lines, k)) {
        open(text.slice(item.start, item.end));
        continue;
      }
      if (!headingWithContent(text, item, open, sections, true)) sections.at(-1)!.units.push({ ...item, list: true });
      continue;
    }
    if (
      MARKDOWN_HEADING.test(line.text) ||
      isShortHeading(line.text, lines[k + 1]) ||
      (questions && isQuestionHeading(line.text, lines[k + 1]))
    ) {
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
    const inline = inlineEnumeration(text, span);
    if (inline) {
      // "We would like (1) a new show…; (2) a teachers' pack…": the items are a list's, the words before them what
      // the list is part of.
      const lead = splitSentences(text, inline.lead);
      for (const [n, sentence] of lead.entries())
        sections.at(-1)!.units.push({ ...sentence, list: false, umbrella: n === lead.length - 1 || undefined });
      for (const item of inline.items) sections.at(-1)!.units.push({ ...item, list: true });
      for (const sentence of splitSentences(text, inline.rest))
        sections.at(-1)!.units.push({ ...sentence, list: false });
      continue;
    }
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
    !TABLE_ROW.test(line) &&
    !QUOTED.test(line) &&
    !SIGN_OFF.test(line.trim()) &&
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

/** A short question on a line of its own with its answer below it: "What do you need from us?". */
function isQuestionHeading(line: string, next: Line | undefined): boolean {
  const trimmed = line.trim();
  if (!next || !/\?$/.test(trimmed) || !/^\p{Lu}/u.test(trimmed) || LIST_MARKER.test(line)) return false;
  // "Could you redesign our booking form?" asks for work: it is no heading, whatever follows it.
  if (/^(?:please\s{1,4})?(?:could|can|would|will)\s{1,4}(?:you|someone|somebody|anyone)\b/i.test(trimmed))
    return false;
  return wordCount(trimmed) <= QUESTION_MAX_WORDS;
}
const QUESTION_MAX_WORDS = 12;

/** A line of an earlier message quoted in an e-mail: "> Hi Jo, thanks for…". */
const QUOTED = /^[ \t]*>/;
/** How an e-mail is signed off, alone on its line: "Best wishes,", "Kind regards", "Thanks,". */
const SIGN_OFF =
  /^(?:(?:with\s{1,4})?(?:best|kind|warm|warmest|many)\s{1,4}(?:wishes|regards|thanks)|regards|thanks(?:\s{1,4}again)?|thank\s{1,4}you|cheers|best|all\s{1,4}the\s{1,4}best|yours(?:\s{1,4}(?:sincerely|faithfully|truly))?|sincerely)[,.!]?$/i;
/** Where an earlier message starts: "On 3 Oct, Sam Carter wrote:", "-----Original Message-----", "From: …" over "Sent: …". */
function isEarlierMessage(line: string, next: string): boolean {
  const trimmed = line.trim();
  return (
    (/^on\s/i.test(trimmed) && /\swrote:$/i.test(trimmed) && trimmed.length <= 200) ||
    /^-{2,}\s{0,4}(?:original|forwarded)\s{1,4}message\s{0,4}-{2,}$/i.test(trimmed) ||
    (/^from:\s/i.test(trimmed) && /^\s*(?:sent|date):\s/i.test(next))
  );
}

/** A row of a table written with bars: "| Imaging | Capture of all pages… | December 2027 |". */
const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/;
/** The rule under a table's header: "|---|:---:|---|": bars, dashes, colons and spaces only, with a run of dashes. */
function isTableRule(line: string): boolean {
  return /^[ \t|:-]+$/.test(line) && line.includes('---');
}

/** A row's cells, without the bars at its two ends. */
function tableRowSpan(line: Line): Span {
  const first = line.text.indexOf('|');
  const last = line.text.lastIndexOf('|');
  return { start: line.start + first + 1, end: line.start + last };
}

function indentOf(line: string): number {
  const lead = /^[ \t]*/.exec(line)![0];
  return lead.replace(/\t/g, '    ').length;
}

/** Whether the list item on line `k` has items indented deeper under it. */
function hasSubItems(lines: Line[], k: number): boolean {
  let next = k + 1;
  while (next < lines.length && lines[next].text.trim() === '') next++;
  if (next >= lines.length || !LIST_MARKER.test(lines[next].text)) return false;
  return indentOf(lines[next].text) > indentOf(lines[k].text);
}

type Marker = { at: number; end: number; label: string; paren: boolean };

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii'];
/** A label's rank in a series of each kind (1 for "1", "a" and "i"), or 0 when it is not of that kind. */
const SERIES: ((label: string) => number)[] = [
  (label) => (/^\d+$/.test(label) ? Number(label) : 0),
  (label) => (label.length === 1 ? label.toLowerCase().charCodeAt(0) - 96 : 0),
  (label) => ROMAN.indexOf(label.toLowerCase()) + 1,
];

/**
 * An enumeration written inside a paragraph: "(1) …; (2) …; and (3) …" or "a) … b) … c) …", two or more markers of
 * one kind and style counting up from the first. Returns the words before the first marker, the items (each to the
 * next marker, the last to the end of its sentence) and what follows, or null.
 */
function inlineEnumeration(text: string, span: Span): { lead: Span; items: Span[]; rest: Span } | null {
  const body = text.slice(span.start, span.end);
  const found: Marker[] = [...body.matchAll(INLINE_MARKER)].map((match) => ({
    at: match.index,
    end: match.index + match[0].length,
    label: match[2],
    paren: match[1] === '(',
  }));
  let best: Marker[] = [];
  for (const rank of SERIES) {
    for (let k = 0; k < found.length; k++) {
      if (rank(found[k].label) !== 1) continue;
      const run = [found[k]];
      for (const marker of found.slice(k + 1)) {
        if (marker.paren === found[k].paren && rank(marker.label) === run.length + 1) run.push(marker);
      }
      if (run.length > best.length) best = run;
    }
  }
  if (best.length < 2) return null;
  const items: Span[] = best.map((marker, n) => {
    let end = best[n + 1]?.at ?? body.length;
    if (n === best.length - 1) {
      const stop = /[.!?]["')\]]?\s+(?=["'(“‘]?[A-Z0-9])/g;
      stop.lastIndex = marker.end;
      const boundary = stop.exec(body);
      if (boundary) end = boundary.index + 1;
    }
    const item = withoutTrailingJoint(body.slice(marker.end, end));
    return trimSpan(text, { start: span.start + marker.end, end: span.start + marker.end + item.length });
  });
  const lastEnd = items.at(-1)!.end;
  const restStart = text.slice(lastEnd, span.end).search(/[^\s.;,]/);
  return {
    lead: trimSpan(text, { start: span.start, end: span.start + best[0].at }),
    items: items.filter((item) => item.end > item.start),
    rest:
      restStart === -1
        ? { start: span.end, end: span.end }
        : trimSpan(text, { start: lastEnd + restStart, end: span.end }),
  };
}

/** An item less what joins it to the next: "…a week; and" → "…a week". One run at a time, so each is read once. */
function withoutTrailingJoint(item: string): string {
  let rest = item;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/(?<![\s,;.])[\s,;.]+$/, '').replace(/(?<![\p{L}])(?:and|or)$/iu, '');
  }
  return rest;
}

/** "(1) ", "1) ", "(a) ", "b) ", "(iii) ", after the start, a space, a colon or a semicolon. */
const INLINE_MARKER = /(?<![^\s:;,—–])(\(?)(\d{1,2}|[a-h]|i{1,3}|iv|vi{0,3})\)(?=\s)/gi;

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
export function splitSentences(text: string, span: Span): Span[] {
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
