/**
 * A CV's text as lines the analyzers can trust: PDF line wraps joined back into their paragraph or bullet, bullet
 * marks removed (remembering that the line was one), and every line tagged with the section it sits in, found from
 * the headings CVs use ("Work Experience", "Education", "Technical Skills", …).
 */
export type Section =
  | 'header'
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'languages'
  | 'certifications'
  | 'projects'
  | 'learning'
  | 'interests'
  | 'other';

export type CvLine = { text: string; section: Section; bullet: boolean; index: number };

// Heading keywords and the section each opens, in the wordings of any trade ("Clinical Placements", "Licences &
// Tickets", "Areas of Expertise", "Professional Registration"). A heading is a short line of words that ends on a
// keyword; the first keyword in it decides ("Education and Training" is education, "Senior Project Manager" is no
// heading at all).
const HEADING_KEYWORDS: Array<[string, Section]> = [
  [
    'experience|employment|career|career history|work history|positions held|professional background|' +
      'placements|internships|appointments|military service|sea service|sea time|' +
      // Seasonal work listed by period ("Field seasons"); a keyword here also ends no skill's name ("Agency contracts").
      'field seasons|tours of duty',
    'experience',
  ],
  ['education|academic background|studies|qualifications|degrees|schooling', 'education'],
  [
    'skills|skill set|skillset|competences|competencies|expertise|technologies|tech stack|toolbox|tools|strengths|' +
      'abilities|capabilities|proficiencies|specialisms|specialities|specialties|know-how',
    'skills',
  ],
  ['summary|profile|about|about me|objective|personal statement|introduction|overview|bio', 'summary'],
  ['languages|language skills|spoken languages|language proficiency', 'languages'],
  [
    'certifications|certificates|licenses|licences|courses|training|accreditations|tickets|registrations|' +
      'professional registration|credentials|permits|cpd|professional development|professional qualifications|' +
      'admissions|bar admissions',
    'certifications',
  ],
  ['projects|portfolio|case studies|commissions|exhibitions', 'projects'],
  ['currently learning|learning goals|development goals|in progress', 'learning'],
  [
    'interests|hobbies|pastimes|out of work|outside work|outside of work|away from work|spare time|free time|' +
      'life outside work',
    'interests',
  ],
  [
    'references|publications|awards|honors|honours|volunteering|activities|memberships|' +
      // A closing heading of notes about the person ("Other", "Also", "Note", "Additional information").
      'other|other information|also|note|notes|additional information|further information|miscellaneous',
    'other',
  ],
];
const ANY_KEYWORD = HEADING_KEYWORDS.map(([words]) => words).join('|');
const ENDS_ON_KEYWORD = new RegExp(`\\b(?:${ANY_KEYWORD})$`);
const KEYWORD_SECTIONS = HEADING_KEYWORDS.map(
  ([words, section]) => [new RegExp(`\\b(?:${words})\\b`), section] as const,
);
// A heading that joins a credential's word in the singular to another section's ("Licence and ratings", "Education
// and registration") opens the first one's: "and" shows it is no item of a list ("Driving licence" is one).
const PAIRED_HEADING = /^([a-z]+) (?:and|&) ([a-z]+)$/;
const SINGULAR_KEYWORDS: Record<string, Section> = {
  licence: 'certifications',
  license: 'certifications',
  registration: 'certifications',
  certificate: 'certifications',
  certification: 'certifications',
  qualification: 'education',
  membership: 'other',
};

// A heading that starts its own list: "Languages: English (native), French (B2)".
const INLINE_HEADING = /^([^:]{2,40}):\s/;

const STARTS_WITH_DATE = /^(?:(?:19|20)\d\d|\d{1,2}[/.](?:19|20)\d\d)\b/;
const BULLET = /^(?:[•·▪◦●○■□►▸‣⁃*✓✔➢➤❖→]|[-–—o](?=\s))\s*/;

export function headingSection(line: string): Section | null {
  const text = line.replace(/:$/, '').trim();
  if (text === '' || text.length > 40 || /[\d.,;|@()]/.test(text)) return null;
  if (text.split(/\s+/).length > 4) return null;
  const lower = text.toLowerCase();
  if (!ENDS_ON_KEYWORD.test(lower)) {
    // A credential's word in the singular alone on its line heads its section ("Registration", "Licence"): as an item
    // of a list it would name the credential ("HCPC registration").
    if (SINGULAR_KEYWORDS[lower]) return SINGULAR_KEYWORDS[lower];
    const [, first, second] = PAIRED_HEADING.exec(lower) ?? [];
    if (first === undefined || second === undefined) return null;
    if (SINGULAR_KEYWORDS[first]) return SINGULAR_KEYWORDS[first];
    if (!SINGULAR_KEYWORDS[second]) return null;
    return KEYWORD_SECTIONS.find(([pattern]) => pattern.test(first) && ENDS_ON_KEYWORD.test(first))?.[1] ?? null;
  }
  let first: { at: number; section: Section } | null = null;
  for (const [pattern, section] of KEYWORD_SECTIONS) {
    const at = lower.search(pattern);
    if (at >= 0 && (first === null || at < first.at)) first = { at, section };
  }
  return first?.section ?? null;
}

/**
 * Joins a PDF's wrapped lines: a line continues the one before when that one ran long without ending its sentence
 * and this one starts in lower case or with a digit, as wrapped text does and a new heading, job or bullet does not.
 */
function unwrap(lines: string[]): string[] {
  const out: string[] = [];
  for (const [k, line] of lines.entries()) {
    const previous = out.at(-1);
    const runsOn = previous !== undefined && previous.length >= 60 && !/[.!?:]$/.test(previous) && !BULLET.test(line);
    const continues = runsOn && /^[\p{Ll}\d(%&]/u.test(line) && !STARTS_WITH_DATE.test(line);
    if (continues || (runsOn && (wrapsBullet(previous, line, lines[k + 1]) || wrapsBarList(previous, line))))
      out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}

const BARS = / \| /g;
const barCount = (text: string) => text.match(BARS)?.length ?? 0;

/**
 * A bar-separated list's wrapped end ("… | Legal Terminology | Medical" / "Terminology | Proofreading | Spanish"): a
 * list of five items or more whose line ends on no bar, and a line after it with fewer bars, which a table's next row
 * (as many cells as the row before) does not have — unless it is a heading or carries dates (a job).
 */
function wrapsBarList(previous: string, line: string): boolean {
  const before = barCount(previous);
  const after = barCount(line);
  return before >= 4 && after >= 1 && after < before && !/\|\s*$/.test(previous) && !isHeadingOrJob(line);
}

/**
 * A bullet's wrapped end between two bullets of a list, whatever its first letter ("• … unit endorsements at
 * Manchester" / "Barton and Liverpool John Lennon" / "• OJTI endorsement"): a list's lines are bullets, so a line
 * that is none, between two that are, is the one before it run on — unless it is a heading or carries dates (a job).
 */
function wrapsBullet(previous: string, line: string, next: string | undefined): boolean {
  return BULLET.test(previous) && next !== undefined && BULLET.test(next) && !isHeadingOrJob(line);
}

/** A line that starts something of its own rather than running on: a heading, or a job's line with its dates. */
function isHeadingOrJob(line: string): boolean {
  return headingSection(line) !== null || /(?:19|20)\d\d|present|current/i.test(line);
}

// A table's head row, short words in each cell ("Area | Tools | Level", "Area | Skills").
const HEAD_CELL = /^\p{L}[\p{L}&' -]{0,30}$/u;

/**
 * The skills section, for a table's head row that names a column of skills ("Area | Tools | Level" under a heading
 * no keyword names, "Equipment and software"): the table below it lists skills as a skills section does. Only the
 * skills keywords count: a cell named "Training" or "Education" in a row of skills is an item, not a column's head.
 */
function skillsColumnHead(line: string): Section | null {
  const cells = line.split('|').map((cell) => cell.trim());
  if (cells.length < 2 || !cells.every((cell) => HEAD_CELL.test(cell) && cell.split(' ').length <= 3)) return null;
  return cells.some((cell) => headingSection(cell) === 'skills') ? 'skills' : null;
}

export function cvLines(text: string): CvLine[] {
  const raw = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  let section: Section = 'header';
  const lines: CvLine[] = [];
  for (const line of unwrap(raw)) {
    const heading = headingSection(line) ?? skillsColumnHead(line);
    if (heading) {
      section = heading;
      continue;
    }
    const bullet = BULLET.test(line);
    const text = line.replace(BULLET, '');
    const inline = INLINE_HEADING.exec(text);
    const own = inline ? headingSection(inline[1]) : null;
    lines.push({ text, section: own ?? section, bullet, index: lines.length });
  }
  return lines;
}

/** Number of section headings recognised: a measure of how much of the CV's structure was read. */
export function countHeadings(text: string): number {
  return text.split('\n').filter((line) => headingSection(line.trim()) !== null).length;
}
