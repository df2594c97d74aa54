import { findYears, rangeEndYear } from './dates.ts';
import type { CvLine } from './lines.ts';
import type { CvEducationResult } from './schema.ts';
import { SCHOOL_WORDS } from './vocabulary.ts';

/**
 * Degrees from the education section: a line naming a degree opens an entry, which runs to the next one. The degree
 * is written out ("BSc" → "Bachelor of Science"), the subject follows it ("… in Nursing"), the school is the part
 * that names a university, college or school (else the part after the degree), and the graduation year is the end
 * of a date range in the entry (an expected one included), else its latest year.
 */
type DegreePattern = { pattern: RegExp; name: (match: RegExpExecArray) => string };

const named = (name: string) => () => name;
const DEGREE_TYPES =
  'Science|Arts|Fine Arts|Engineering|Technology|Business Administration|Laws|Education|Music|Architecture|' +
  'Commerce|Medicine|Nursing|Public Health|Philosophy|Computer Applications';

// Abbreviations are matched case-sensitively ("MA" is a degree, "ma" is not); written-out forms in any case.
const DEGREES: DegreePattern[] = [
  { pattern: /\b(?:Ph\.?\s?D|DPhil)\b\.?|\bDoctor(?:ate)? of Philosophy\b/iu, name: named('PhD') },
  { pattern: /\bMBA\b/u, name: named('Master of Business Administration') },
  { pattern: /\bM\.?Sc\b\.?|\bM\.S\.|\bMS\b/u, name: named('Master of Science') },
  { pattern: /\bM\.A\.|\bMA\b/u, name: named('Master of Arts') },
  { pattern: /\bM\.?Eng\b\.?/u, name: named('Master of Engineering') },
  { pattern: /\bMFA\b/u, name: named('Master of Fine Arts') },
  { pattern: /\bLL\.?M\b\.?/u, name: named('Master of Laws') },
  { pattern: /\bB\.?Sc\b\.?|\bB\.S\.|\bBS\b/u, name: named('Bachelor of Science') },
  { pattern: /\bB\.A\.|\bBA\b/u, name: named('Bachelor of Arts') },
  { pattern: /\bB\.?Eng\b\.?/u, name: named('Bachelor of Engineering') },
  { pattern: /\bB\.?Tech\b\.?/u, name: named('Bachelor of Technology') },
  { pattern: /\bBBA\b/u, name: named('Bachelor of Business Administration') },
  { pattern: /\bBFA\b/u, name: named('Bachelor of Fine Arts') },
  { pattern: /\bLL\.?B\b\.?/u, name: named('Bachelor of Laws') },
  { pattern: /\bBSN\b/u, name: named('Bachelor of Science in Nursing') },
  { pattern: /\bMD\b/u, name: named('Doctor of Medicine') },
  { pattern: /\bPGCE\b/u, name: named('Postgraduate Certificate in Education') },
  {
    pattern: new RegExp(`\\b(Bachelor|Master)(?:'s)?(?:\\s+degree)?(?:\\s+of\\s+(${DEGREE_TYPES}))?\\b`, 'iu'),
    name: (match) => `${capitalise(match[1])}${match[2] ? ` of ${titleCase(match[2])}` : ''}`,
  },
  { pattern: /\b(?:Postgraduate|Graduate|Advanced) (?:Diploma|Certificate)\b/iu, name: (match) => titleCase(match[0]) },
  { pattern: /\bAssociate(?:'s)? (?:degree|of (?:Arts|Science|Applied Science))\b/iu, name: (m) => titleCase(m[0]) },
  { pattern: /\bHigh School(?: Diploma)?\b|\bA[- ]levels?\b|\bAbitur\b|\bBaccalaur[ée]at\b/iu, name: (m) => m[0] },
  { pattern: /\bDiploma\b/iu, name: named('Diploma') },
  { pattern: /\bBootcamp\b/iu, name: named('Bootcamp') },
];

const PART_SEPARATOR = /\s[—–-]\s|\s?[|·•]\s?|,\s|\sat\s/i;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function titleCase(text: string): string {
  return text.replace(/\p{L}+/gu, (word) =>
    ['of', 'in', 'and'].includes(word.toLowerCase()) ? word.toLowerCase() : capitalise(word),
  );
}

function findDegree(line: string): { name: string; index: number; end: number } | null {
  let best: { name: string; index: number; end: number } | null = null;
  for (const { pattern, name } of DEGREES) {
    const match = pattern.exec(line);
    if (!match) continue;
    const candidate = { name: name(match), index: match.index, end: match.index + match[0].length };
    const better =
      !best || candidate.index < best.index || (candidate.index === best.index && candidate.end > best.end);
    if (better) best = candidate;
  }
  return best;
}

/** The subject: what follows the degree up to the next separator, else what precedes it in its part. */
function fieldOfStudy(line: string, degree: { index: number; end: number }): string {
  const after = line
    .slice(degree.end)
    .replace(/^\s*\((?:hons|honours)\)/i, '')
    .replace(/^\s*(?:in|of|:)\s+/i, '');
  const field = after.split(/\s[—–-]\s|\s?[|·•(]\s?|,\s|\sat\s|\s(?:19|20)\d\d\b/i)[0].trim();
  if (/\p{L}{2,}/u.test(field) && !SCHOOL_WORDS.test(field)) return field.replace(/[.;:]$/, '');
  const before = line.slice(0, degree.index).split(PART_SEPARATOR).at(-1)?.trim() ?? '';
  return /\p{L}{2,}/u.test(before) ? before : '';
}

function institutionOf(lines: string[], degreeLine: string): string {
  const degreePart = (part: string) => findDegree(part) !== null;
  const parts = lines.flatMap((line) => line.split(PART_SEPARATOR).map((part) => part.trim()));
  const school = parts.find((part) => SCHOOL_WORDS.test(part) && !degreePart(part));
  if (school) return school.replace(/\s?\((?:19|20)\d\d[^()]*\)/, '');
  const ownParts = degreeLine.split(PART_SEPARATOR).map((part) => part.trim());
  const next = ownParts[ownParts.findIndex(degreePart) + 1];
  return next && /\p{L}{2,}/u.test(next) && findYears(next).length === 0 ? next : '';
}

function graduationYear(lines: string[]): number | null {
  for (const line of lines) {
    const end = rangeEndYear(line);
    if (end !== null) return end;
  }
  const years = lines.flatMap(findYears);
  return years.length ? Math.max(...years) : null;
}

export function findEducation(lines: CvLine[]): CvEducationResult[] {
  const section = lines.filter((line) => line.section === 'education');
  const entries: Array<{ degree: string; field: string; degreeLine: string; lines: string[] }> = [];
  let pending: string[] = [];
  for (const line of section) {
    const degree = findDegree(line.text);
    if (degree) {
      entries.push({
        degree: degree.name,
        field: fieldOfStudy(line.text, degree),
        degreeLine: line.text,
        lines: [...pending, line.text],
      });
      pending = [];
    } else if (entries.length) entries.at(-1)!.lines.push(line.text);
    // Date-first layouts give the years before the degree they belong to.
    else pending.push(line.text);
  }
  return entries.map((entry) => ({
    degree: entry.degree,
    field_of_study: entry.field.slice(0, 200),
    institution: institutionOf(entry.lines, entry.degreeLine).slice(0, 200),
    graduation_year: graduationYear(entry.lines),
  }));
}
