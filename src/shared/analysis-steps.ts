/**
 * The steps an analysis job goes through, in order, as stored in `ai_analysis_step` (migration 0030) and shown by
 * the step indicator while the analysis runs (issue 13, item 3). Null outside a running analysis.
 *
 * A brief: `reading` (the brief stage reads and refines it), `understanding` (the complexity stage decides the level
 * and the route), `planning` (the decomposition into workstreams and tasks, team challenges only) and `inviting` (the
 * plan is written and every task queued for matching, which invites contributors). A brief that is rejected or
 * routed to community discussion ends after `understanding`: it has nothing to plan or invite to.
 *
 * A CV: `reading` (its text is taken out of the file), `understanding` (the CV stage finds skills, jobs and
 * education) and `matching` (the profile is stored and matching queued, which finds tasks that fit).
 */
export const BRIEF_ANALYSIS_STEPS = ['reading', 'understanding', 'planning', 'inviting'] as const;
export const CV_ANALYSIS_STEPS = ['reading', 'understanding', 'matching'] as const;

export type BriefAnalysisStep = (typeof BRIEF_ANALYSIS_STEPS)[number];
export type CvAnalysisStep = (typeof CV_ANALYSIS_STEPS)[number];
