import fs from 'node:fs';
import path from 'node:path';
import { type CvAnalysis, cvStage } from '../src/ai/cv/index.ts';
import type { AnalysisProvider } from '../src/ai/stage.ts';
import { type DocumentKind, extractText, UnreadableDocumentError } from '../src/ai/text/index.ts';
import {
  type LabelledSkill,
  normaliseSkillName,
  type SkillLabelMatcher,
  type SkillScore,
  scoreSkills,
  toLabelledSkill,
} from './skill-labels.ts';

type RawSkill = string | { name: string; aliases?: string[] };

export type CvLabel = {
  id: string;
  file: string;
  profession: string;
  field: string;
  skills: LabelledSkill[];
  notSkills: LabelledSkill[];
};

export type CvResult = {
  label: CvLabel;
  /** Null when the file could not be read; `error` then says why. */
  analysis: CvAnalysis | null;
  error: string | null;
  skills: SkillScore;
  /** Predicted skills that a label says the person does not have (negated, aspirational, someone else's). */
  notSkillHits: string[];
};

const KINDS: Record<string, DocumentKind> = { '.pdf': 'pdf', '.docx': 'docx', '.doc': 'doc' };

/** The day "present" means in every CV, so that a run next year gives the same years and levels. */
const CV_AS_OF = '2026-11-01';

/**
 * Reads eval/cvs/labels.json: `{ cvs: [...] }` or a bare list; each entry names its file (relative to eval/cvs),
 * profession, field, `skills` and `not_skills` (names or `{ name, aliases }`). Entries whose file is missing are
 * skipped and counted by the caller.
 */
export function readCvLabels(dir: string): CvLabel[] | null {
  const file = path.join(dir, 'labels.json');
  if (!fs.existsSync(file)) return null;
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  const entries = (Array.isArray(parsed) ? parsed : ((parsed as { cvs?: unknown[] }).cvs ?? [])) as Array<
    Record<string, unknown>
  >;
  return entries.map((entry) => ({
    id: String(entry.id ?? entry.file),
    file: String(entry.file),
    profession: String(entry.profession ?? 'unknown'),
    field: String(entry.field ?? 'general'),
    skills: ((entry.skills ?? []) as RawSkill[]).map(toLabelledSkill),
    notSkills: ((entry.not_skills ?? []) as RawSkill[]).map(toLabelledSkill),
  }));
}

export function cvFileExists(dir: string, label: CvLabel): boolean {
  return fs.existsSync(path.join(dir, label.file)) && path.extname(label.file).toLowerCase() in KINDS;
}

/** The real path of an upload: the project's text extractor, then the CV stage of the provider. */
export async function evaluateCv(
  ai: AnalysisProvider,
  matcher: SkillLabelMatcher,
  dir: string,
  label: CvLabel,
): Promise<CvResult> {
  const file = path.join(dir, label.file);
  let analysis: CvAnalysis | null = null;
  let error: string | null = null;
  try {
    const { text } = await extractText({ path: file, kind: KINDS[path.extname(file).toLowerCase()]! });
    analysis = (await ai.run(cvStage, { text, asOf: CV_AS_OF })).output;
  } catch (caught) {
    if (!(caught instanceof UnreadableDocumentError)) throw caught;
    error = caught.message;
  }
  const predicted = analysis?.skills.map((skill) => skill.name) ?? [];
  return {
    label,
    analysis,
    error,
    skills: scoreSkills(matcher, predicted, label.skills),
    notSkillHits: predicted.filter((name) => label.notSkills.some((not) => matcher.same(name, not))),
  };
}

/** Fields counted as software/IT in the report's split (the rest is "everything else"). */
const SOFTWARE_FIELDS = new Set(['software', 'data', 'it']);

export function isSoftwareField(field: string): boolean {
  return SOFTWARE_FIELDS.has(normaliseSkillName(field));
}
