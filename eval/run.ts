/**
 * `npm run eval`: measures the offline analysis on the labelled development sets (eval/cvs, eval/briefs) through the
 * real code paths — text extraction, the CV stage, the challenge analysis chain and matching's scoring — and prints
 * recall, precision, routing accuracy, grounding and invitation precision. Method: docs/quality.md.
 *
 *   npm run eval -- [--verbose] [--json <file>] [--cvs <dir>] [--briefs <dir>] [--cv-check <dir> | --no-cv-check]
 *                   [--brief-check <dir> | --no-brief-check]
 *
 * --cvs and --briefs read another set laid out the same way (labels.json beside the files), e.g. a held-out one.
 * The CV check set (eval/cvs-check, or --cv-check <dir>) is scored after the development set in a section of its own
 * with the same tables; it was not used to tune the analyser (eval/cvs-check/README.md). --no-cv-check leaves it out.
 * The brief check set (eval/briefs-check, or --brief-check <dir>) is scored after the development briefs with
 * aggregate lines only, never per brief, not even with --verbose or --json (eval/briefs-check/README.md);
 * --no-brief-check leaves it out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LocalProvider } from '../src/ai/providers/local-provider.ts';
import { loadTaxonomy } from '../src/ai/taxonomy/taxonomy.ts';
import { type BriefSummary, briefAggregateReport, briefFigures, summariseBriefs } from './brief-report.ts';
import { type BriefResult, briefLabelProblems, evaluateBrief, readBriefLabels } from './briefs.ts';
import { type CvResult, cvFileExists, evaluateCv, isSoftwareField, readCvLabels } from './cvs.ts';
import { evaluateInvitations, type TaskInvitations } from './invitations.ts';
import { type Cell, formatShare, heading, table } from './report.ts';
import { ratio, SkillLabelMatcher, type SkillScore, sum, sumScores } from './skill-labels.ts';

const EVAL_DIR = import.meta.dirname;
/** Professions whose CV recall is below this are listed (issue 8's floor per profession). */
const PROFESSION_RECALL_FLOOR = 0.6;

const { values: options } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    cvs: { type: 'string', default: path.join(EVAL_DIR, 'cvs') },
    'cv-check': { type: 'string', default: path.join(EVAL_DIR, 'cvs-check') },
    'no-cv-check': { type: 'boolean', default: false },
    briefs: { type: 'string', default: path.join(EVAL_DIR, 'briefs') },
    'brief-check': { type: 'string', default: path.join(EVAL_DIR, 'briefs-check') },
    'no-brief-check': { type: 'boolean', default: false },
  },
});
const CV_DIR = path.resolve(options.cvs);
const CV_CHECK_DIR = options['no-cv-check'] ? null : path.resolve(options['cv-check']);
const BRIEF_DIR = path.resolve(options.briefs);
const BRIEF_CHECK_DIR = options['no-brief-check'] ? null : path.resolve(options['brief-check']);

const started = performance.now();
const taxonomy = loadTaxonomy();
const ai = new LocalProvider({ taxonomy });
const matcher = new SkillLabelMatcher(taxonomy);
const out: string[] = [];

// ---- CVs ----
/** A labelled CV set analysed and scored: the development set (eval/cvs) or the check set (eval/cvs-check). */
type CvSet = {
  dir: string;
  labels: ReturnType<typeof readCvLabels>;
  present: number;
  cvs: CvResult[];
};

async function analyseCvSet(dir: string): Promise<CvSet> {
  const labels = readCvLabels(dir);
  const present = labels?.filter((label) => cvFileExists(dir, label)) ?? [];
  const results: CvResult[] = [];
  for (const label of present) results.push(await evaluateCv(ai, matcher, dir, label));
  return { dir, labels, present: present.length, cvs: results };
}

const skillRow = (name: string, scores: readonly SkillScore[], extra: Cell[] = []): Cell[] => {
  const total = sumScores(scores);
  return [
    name,
    scores.length,
    formatShare(ratio(total.labelsMatched, total.labels)),
    formatShare(ratio(total.predictedMatching, total.predicted)),
    ...extra,
  ];
};
const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
};
const recallOf = (results: readonly CvResult[]) => {
  const total = sumScores(results.map((cv) => cv.skills));
  return ratio(total.labelsMatched, total.labels);
};

const summariseCvSet = ({ labels, cvs: results }: CvSet) => ({
  labelled: labels?.length ?? 0,
  analysed: results.length,
  unreadable: results.filter((cv) => cv.error !== null).map((cv) => `${cv.label.id}: ${cv.error}`),
  overall: sumScores(results.map((cv) => cv.skills)),
  notSkillHits: sum(results, (cv) => cv.notSkillHits.length),
  weakProfessions: groupBy(results, (cv) => cv.label.profession)
    .map(([profession, group]) => ({ profession, recall: recallOf(group) }))
    .filter((entry) => entry.recall !== null && entry.recall < PROFESSION_RECALL_FLOOR),
});

/** The same tables for every CV set: overall, software/IT against the rest, per field, per profession. */
function reportCvSet(title: string, set: CvSet, missingNote: string) {
  const { labels, cvs: results } = set;
  const summary = summariseCvSet(set);
  out.push(heading(title));
  if (labels === null) {
    out.push(`No CV set: ${path.join(set.dir, 'labels.json')} is missing. ${missingNote}`);
    return summary;
  }
  out.push(
    `${results.length} of ${labels.length} labelled CVs analysed (missing files: ${labels.length - set.present}, ` +
      `unreadable: ${summary.unreadable.length}); predicted skills that a label rules out: ${summary.notSkillHits}`,
  );
  const software = results.filter((cv) => isSoftwareField(cv.label.field));
  const others = results.filter((cv) => !isSoftwareField(cv.label.field));
  out.push(
    table(
      ['set', 'CVs', 'recall', 'precision'],
      [
        skillRow(
          'all',
          results.map((cv) => cv.skills),
        ),
        skillRow(
          'software/IT',
          software.map((cv) => cv.skills),
        ),
        skillRow(
          'everything else',
          others.map((cv) => cv.skills),
        ),
      ],
    ),
  );
  out.push('', 'per field');
  out.push(
    table(
      ['field', 'CVs', 'recall', 'precision'],
      groupBy(results, (cv) => cv.label.field).map(([field, group]) =>
        skillRow(
          field,
          group.map((cv) => cv.skills),
        ),
      ),
    ),
  );
  out.push('', 'per profession');
  out.push(
    table(
      ['profession', 'CVs', 'recall', 'precision', 'ruled out'],
      groupBy(results, (cv) => cv.label.profession).map(([profession, group]) =>
        skillRow(
          profession,
          group.map((cv) => cv.skills),
          [sum(group, (cv) => cv.notSkillHits.length)],
        ),
      ),
    ),
  );
  out.push(
    '',
    `professions under ${PROFESSION_RECALL_FLOOR.toFixed(2)} recall (${summary.weakProfessions.length}): ` +
      (summary.weakProfessions.map((entry) => `${entry.profession} ${formatShare(entry.recall)}`).join(', ') || 'none'),
  );
  if (summary.unreadable.length > 0) out.push(`unreadable: ${summary.unreadable.join('; ')}`);
  if (options.verbose) {
    for (const cv of results) {
      out.push(
        '',
        `${cv.label.id} (${cv.label.profession}, ${cv.label.field}): recall ${formatShare(ratio(cv.skills.labelsMatched, cv.skills.labels))}` +
          ` precision ${formatShare(ratio(cv.skills.predictedMatching, cv.skills.predicted))}` +
          ` level ${cv.analysis?.experience_level ?? '–'}`,
        `  missed: ${cv.skills.missed.join(', ') || '–'}`,
        `  not labelled: ${cv.skills.extra.join(', ') || '–'}`,
      );
      if (cv.notSkillHits.length > 0) out.push(`  ruled out but found: ${cv.notSkillHits.join(', ')}`);
      if (cv.error) out.push(`  unreadable: ${cv.error}`);
    }
  }
  return summary;
}

const cvSet = await analyseCvSet(CV_DIR);
const cvs = cvSet.cvs;
const cvSummary = reportCvSet('CV skills', cvSet, 'CV and invitation measures are skipped.');

// The check set is scored apart and never feeds the invitations: it was written after the analyser was tuned on the
// development set, so its numbers are the honest estimate of how the analysis does on CVs it was not tuned on.
const checkSet = CV_CHECK_DIR === null ? null : await analyseCvSet(CV_CHECK_DIR);
const checkSummary =
  checkSet === null
    ? null
    : reportCvSet('CV check set (not tuned on)', checkSet, 'Its row in the summary stays empty.');

// ---- Briefs ----
/** A labelled brief set analysed: the problems of its labels and a result for every brief whose file exists. */
async function analyseBriefSet(dir: string) {
  const labels = readBriefLabels(dir);
  const briefs: BriefResult[] = [];
  for (const [index, label] of labels.entries()) {
    if (!fs.existsSync(path.join(dir, label.file))) continue;
    briefs.push(await evaluateBrief(ai, matcher, dir, label, index + 1));
  }
  return { labelProblems: briefLabelProblems(dir, labels), briefs };
}

const { labelProblems, briefs } = await analyseBriefSet(BRIEF_DIR);
const teamScored = briefs.filter((brief) => brief.skills !== null);
const briefSummary = summariseBriefs(briefs);

out.push(heading('Briefs'));
if (labelProblems.length > 0) out.push(`label problems (fix the labels first): ${labelProblems.join('; ')}`);
out.push(...briefAggregateReport(briefs));
out.push('', 'per domain');
out.push(
  table(
    ['domain', 'briefs', 'routed right', 'skill recall', 'skill precision', 'grounding'],
    groupBy(briefs, (brief) => brief.label.domain).map(([domain, group]) => {
      const scored = group.filter((brief) => brief.skills !== null);
      const total = sumScores(scored.map((brief) => brief.skills!));
      return [
        domain,
        group.length,
        group.filter((brief) => brief.routed === brief.label.routing).length,
        formatShare(ratio(total.labelsMatched, total.labels)),
        formatShare(ratio(total.predictedMatching, total.predicted)),
        formatShare(
          ratio(
            sum(scored, (brief) => brief.piecesCovered!.length),
            sum(scored, (brief) => brief.label.pieces?.length ?? 0),
          ),
        ),
      ];
    }),
  ),
);
const misrouted = briefs.filter((brief) => brief.routed !== brief.label.routing);
if (misrouted.length > 0) {
  out.push('', `misrouted: ${misrouted.map((b) => `${b.label.id} (${b.label.routing} -> ${b.routed})`).join(', ')}`);
}
if (options.verbose) {
  for (const brief of briefs) {
    out.push('', `${brief.label.id} [${brief.label.domain}] ${brief.label.routing} -> ${brief.routed}`);
    if (brief.reasons) out.push(`  why: ${brief.reasons}`);
    for (const task of brief.tasks) {
      out.push(`  - ${task.title} [${task.requiredSkills.join(', ')}]${task.source ? ` <- "${task.source}"` : ''}`);
    }
    if (brief.skills) {
      out.push(`  skills missed: ${brief.skills.missed.join(', ') || '–'}`);
      out.push(`  skills not labelled: ${brief.skills.extra.join(', ') || '–'}`);
      const covered = new Set(brief.piecesCovered);
      const uncovered = (brief.label.pieces ?? []).filter((piece) => !covered.has(piece));
      out.push(`  pieces not covered: ${uncovered.map((piece) => piece.text).join(' | ') || '–'}`);
    }
  }
}

// The brief check set is scored apart, never feeds the invitations, and gets the aggregate lines only: printing its
// misrouted briefs, missed skills or tasks would let it be tuned on, and it would stop being a held-out measure.
const briefCheck = BRIEF_CHECK_DIR === null ? null : await analyseBriefSet(BRIEF_CHECK_DIR);
const briefCheckSummary = briefCheck === null ? null : summariseBriefs(briefCheck.briefs);
if (briefCheck !== null) {
  out.push(heading('Brief check set (not tuned on)'));
  out.push(`${BRIEF_CHECK_DIR}: aggregate lines only, never per brief (see its README.md)`);
  if (briefCheck.labelProblems.length > 0) {
    out.push(`label problems (fix the labels first): ${briefCheck.labelProblems.join('; ')}`);
  }
  out.push(...briefAggregateReport(briefCheck.briefs));
}

// ---- Invitations ----
let invitations: TaskInvitations[] = [];
out.push(heading('Invitations'));
if (cvs.length === 0) {
  out.push('No analysed CVs: invitations are not measured.');
} else {
  invitations = evaluateInvitations(teamScored, cvs, taxonomy, matcher);
  const invited = invitations.flatMap((task) => task.invited);
  const fittingPairs = sum(invitations, (task) => task.fitting.length);
  const fittingEligible = sum(invitations, (task) => task.fittingEligible.length);
  out.push(
    table(
      [
        'tasks',
        'invitations',
        'to a fitting contributor',
        'precision',
        'fitting pairs',
        'eligible',
        'recall',
        'tasks without',
      ],
      [
        [
          invitations.length,
          invited.length,
          invited.filter((invitation) => invitation.fits).length,
          formatShare(ratio(invited.filter((invitation) => invitation.fits).length, invited.length)),
          fittingPairs,
          fittingEligible,
          formatShare(ratio(fittingEligible, fittingPairs)),
          invitations.filter((task) => task.invited.length === 0).length,
        ],
      ],
    ),
  );
  const leftOut = new Map<string, number>();
  for (const { why } of invitations.flatMap((task) => task.fittingLeftOut))
    leftOut.set(why, (leftOut.get(why) ?? 0) + 1);
  out.push('', `fitting pairs left out, by why: ${[...leftOut].map(([why, n]) => `${why} ${n}`).join(', ') || '–'}`);
  const anyPairs = sum(invitations, (task) => task.fittingAnySkill);
  const anyEligible = sum(invitations, (task) => task.fittingAnySkillEligible);
  out.push(
    `fitting pairs by any required skill (supporting and soft skills included, the eval's definition before 2026-11-26): ` +
      `${anyEligible} of ${anyPairs} eligible = ${formatShare(ratio(anyEligible, anyPairs))}`,
  );
  if (options.verbose) {
    // Tasks nobody fits and nobody was invited to say nothing; they are counted in "tasks without" above.
    for (const task of invitations.filter((entry) => entry.invited.length > 0 || entry.fitting.length > 0)) {
      out.push(
        '',
        `${task.briefId}: ${task.task} [${task.requiredSkills.join(', ')}]`,
        `  invited: ${task.invited.map((i) => `${i.cv} ${i.score}${i.fits ? '' : ' (does not fit)'}`).join(', ') || '–'}`,
        `  fitting: ${task.fitting.join(', ') || '–'}; of them eligible: ${task.fittingEligible.length}`,
        ...task.fittingLeftOut.map((left) => `  left out: ${left.cv} (${left.why})`),
      );
    }
  }
}

// ---- Summary against issue 8's targets ----
const allInvited = invitations.flatMap((task) => task.invited);
const cvTotal = cvSummary.overall;
const softwareCvs = sumScores(cvs.filter((cv) => isSoftwareField(cv.label.field)).map((cv) => cv.skills));
const otherCvs = sumScores(cvs.filter((cv) => !isSoftwareField(cv.label.field)).map((cv) => cv.skills));
const pair = (a: number | null, b: number | null) => `${formatShare(a)} / ${formatShare(b)}`;
const recallAndPrecision = (score: SkillScore) =>
  pair(ratio(score.labelsMatched, score.labels), ratio(score.predictedMatching, score.predicted));

/** The brief rows of the summary, for the development set and (prefixed) for a check set; "–" when not scored. */
function briefRows(prefix: string, summary: BriefSummary | null): string[][] {
  const shown = (value: (scored: BriefSummary) => string) => (summary === null ? '–' : value(summary));
  return [
    [`${prefix}brief routing accuracy`, shown((b) => formatShare(b.routingAccuracy)), '>= 0.90'],
    [
      `${prefix}community rejected / unlawful accepted`,
      shown((b) => `${b.communityRejected.length} / ${b.unlawfulAccepted.length}`),
      '0 / 0',
    ],
    [
      `${prefix}brief required skills recall / precision`,
      shown((b) => recallAndPrecision(b.skills)),
      '>= 0.80 / >= 0.60',
    ],
    [`${prefix}pieces covered by a task`, shown((b) => formatShare(b.grounding)), '>= 0.80'],
  ];
}
out.push(heading('Summary'));
out.push(
  table(
    ['measure', 'now', 'target'],
    [
      ['CV skill recall / precision', recallAndPrecision(cvTotal), '>= 0.85 / >= 0.80'],
      [
        'CV recall software/IT / everything else',
        pair(ratio(softwareCvs.labelsMatched, softwareCvs.labels), ratio(otherCvs.labelsMatched, otherCvs.labels)),
        'as good outside software',
      ],
      ['professions under 0.60 recall', String(cvSummary.weakProfessions.length), 'none'],
      [
        'check set: CV skill recall / precision',
        checkSummary === null ? '–' : recallAndPrecision(checkSummary.overall),
        '>= 0.85 / >= 0.80',
      ],
      [
        'check set: professions under 0.60 recall',
        checkSummary === null ? '–' : String(checkSummary.weakProfessions.length),
        'none',
      ],
      ...briefRows('', briefSummary),
      ...briefRows('check set: ', briefCheckSummary),
      [
        'invitation precision / fitting pairs eligible',
        pair(
          ratio(allInvited.filter((invitation) => invitation.fits).length, allInvited.length),
          ratio(
            sum(invitations, (task) => task.fittingEligible.length),
            sum(invitations, (task) => task.fitting.length),
          ),
        ),
        '>= 0.85 / >= 0.90',
      ],
    ],
  ),
);

out.push('', `done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(out.join('\n'));

/** One CV's line in the JSON report, for either set. */
function cvItem({ label, skills, notSkillHits, error }: CvResult) {
  return { id: label.id, profession: label.profession, field: label.field, skills, notSkillHits, error };
}

if (options.json) {
  const report = {
    date: new Date().toISOString(),
    cvs: {
      ...cvSummary,
      items: cvs.map(cvItem),
    },
    cvCheck:
      checkSet === null || checkSummary === null
        ? null
        : {
            dir: checkSet.dir,
            ...checkSummary,
            items: checkSet.cvs.map(cvItem),
          },
    briefs: {
      ...briefSummary,
      items: briefs.map((brief) => ({
        id: brief.label.id,
        expected: brief.label.routing,
        routed: brief.routed,
        reasons: brief.reasons,
        tasks: brief.tasks,
        skills: brief.skills,
        piecesCovered: brief.piecesCovered?.map((piece) => piece.text) ?? null,
      })),
    },
    briefCheck: briefCheck === null ? null : { dir: BRIEF_CHECK_DIR, ...briefFigures(briefCheck.briefs) },
    invitations,
  };
  fs.writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
}
