import { cvCeiling, honestConfidence, LOW_CONFIDENCE } from '../../ai/confidence.ts';
import { type CvAnalysis, cvStage } from '../../ai/cv/index.ts';
import { ownWordsReader } from '../../ai/cv/listed-skills.ts';
import { AnalysisLimitError } from '../../ai/stage.ts';
import { loadTaxonomy } from '../../ai/taxonomy/taxonomy.ts';
import { UnreadableDocumentError } from '../../ai/text/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { ensureCvSkillIds } from '../../modules/skills/skills.repository.ts';
import {
  applyCvProfile,
  type CvProfile,
  currentCvKey,
  endCvAnalysisStep,
  type FoundSkill,
  markCvAnalysisFailed,
  recordCvAnalysisStep,
  replaceCvSkills,
  startCvAnalysis,
} from '../../modules/volunteers/cv-analysis.repository.ts';
import { readStoredCv } from './stored-cv.ts';

/**
 * Confidence from which a CV analysis validates the profile on its own (docs/contract.md §6.6); below, a person looks.
 * The same line below which the figure is low and the profile page says what to check (src/ai/confidence.ts).
 */
const PASSING_CONFIDENCE = LOW_CONFIDENCE;

/** What the contributor sees when the analysis failed for a reason that is not their file's. */
export const CV_ANALYSIS_FAILED_MESSAGE =
  'The analysis stopped because of a problem on our side. Upload your CV again to retry.';

/** What the contributor sees when the analysis of their CV ran past its time or memory (`AnalysisLimitError`). */
export const CV_ANALYSIS_OVERRUN_MESSAGE =
  'The analysis of your CV was stopped: it needed more time or memory than one CV may take. Upload a shorter CV ' +
  '(a few pages of text) to try again.';

export type CvAnalysisResult = 'completed' | 'unreadable' | 'skipped';

/**
 * `volunteer.analyze-cv` (docs/contract.md §6.6): reads the current CV, analyses it outside any transaction, then
 * stores the profile and skills in one guarded transaction and queues matching for the contributor. A file that cannot
 * be read, or whose analysis overruns its deadline or memory, ends the analysis as `failed` with its reason (no retry:
 * the same file gives the same answer); other errors throw and the job is retried. Between stages the run records its
 * step (src/shared/analysis-steps.ts) in a short write of its own, for the profile page that watches it.
 */
export async function analyzeCv(deps: AppDeps, volunteerId: number): Promise<CvAnalysisResult> {
  const cvKey = await startCvAnalysis(deps.db, volunteerId, new Date().toISOString());
  if (cvKey === null) return 'skipped';

  let analysis: CvAnalysis;
  let text: string;
  try {
    ({ text } = await readStoredCv(deps.storage, cvKey));
    await recordCvAnalysisStep(deps.db, volunteerId, cvKey, 'understanding');
    analysis = (await deps.ai.run(cvStage, { text })).output;
  } catch (error) {
    // The file, or the analysis of its text, will fail the same way every time: an outcome, not a retry.
    const reason = reasonOfUnanalysable(error);
    if (reason !== null) {
      await markCvAnalysisFailed(deps.db, volunteerId, cvKey, reason, new Date().toISOString());
      return 'unreadable';
    }
    // A newer upload replaced this file (and may have deleted it): its own job analyses it.
    if ((await currentCvKey(deps.db, volunteerId)) !== cvKey) return 'skipped';
    throw error;
  }

  await recordCvAnalysisStep(deps.db, volunteerId, cvKey, 'matching');
  const skills = await resolveSkills(deps.db, analysis, text);
  const stored = await deps.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    if (!(await applyCvProfile(trx, volunteerId, cvKey, profileOf(analysis, skills.length), now))) return false;
    await replaceCvSkills(trx, volunteerId, skills, now);
    await deps.queue.enqueue(trx, 'volunteer.match', { volunteerId });
    await endCvAnalysisStep(trx, volunteerId);
    return true;
  });
  return stored ? 'completed' : 'skipped';
}

/** After the last attempt failed: the analysis in progress ends as `failed` with a reason that blames no one. */
export async function failCvAnalysis(deps: AppDeps, volunteerId: number): Promise<void> {
  await markCvAnalysisFailed(deps.db, volunteerId, null, CV_ANALYSIS_FAILED_MESSAGE, new Date().toISOString());
}

function reasonOfUnanalysable(error: unknown): string | null {
  if (error instanceof UnreadableDocumentError) return error.message;
  if (error instanceof AnalysisLimitError) return CV_ANALYSIS_OVERRUN_MESSAGE;
  return null;
}

/** The profile the analysis gives, its confidence capped by what was understood (skills kept, dated jobs). */
function profileOf(analysis: CvAnalysis, skillsKept: number): CvProfile {
  const confidence = honestConfidence(
    analysis.confidence,
    cvCeiling({
      skills: skillsKept,
      jobs: analysis.work_experience.length,
      datedJobs: analysis.work_experience.filter((job) => job.start_date).length,
      degrees: analysis.education.length,
    }),
  );
  return {
    experience_level: analysis.experience_level,
    years_of_experience: analysis.years_of_experience,
    education: analysis.education,
    work_experience: analysis.work_experience,
    professional_domains: analysis.professional_domains,
    ai_analysis_confidence: confidence,
    validation_status: confidence >= PASSING_CONFIDENCE ? 'passed' : 'needs_review',
  };
}

/**
 * The CV's skills as skills rows, in the analysis' order. A model may name a skill by an alias, or two names may be
 * one skill: the first mention wins. A name the taxonomy does not know is kept in the CV's own words under the same
 * rule for every provider (`ownWordsReader`: a listed item's rules, and written in the CV); others are dropped.
 */
async function resolveSkills(db: Db, analysis: CvAnalysis, cvText: string): Promise<FoundSkill[]> {
  const taxonomy = loadTaxonomy();
  const ownWords = ownWordsReader(cvText, taxonomy);
  const kept = analysis.skills.flatMap((skill) => {
    const name = taxonomy.resolve(skill.name) ? skill.name : ownWords(skill.name);
    return name === null ? [] : [{ skill, name }];
  });
  const ids = await ensureCvSkillIds(
    db,
    kept.map(({ name }) => name),
  );
  const found = new Map<number, FoundSkill>();
  for (const [k, { skill }] of kept.entries()) {
    const skillId = ids[k];
    if (skillId === undefined || found.has(skillId)) continue;
    found.set(skillId, {
      skillId,
      proficiency: skill.proficiency_level,
      years: skill.years_of_experience,
      evidence: skill.evidence,
    });
  }
  return [...found.values()];
}
