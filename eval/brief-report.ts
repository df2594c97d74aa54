import type { BriefResult, Routing } from './briefs.ts';
import { formatShare, table } from './report.ts';
import { ratio, type SkillScore, sum, sumScores } from './skill-labels.ts';

const ROUTINGS: Routing[] = ['community', 'team', 'rejected'];

/** A brief set's figures; the development set's JSON report carries this object as it is. */
export type BriefSummary = {
  briefs: number;
  routingAccuracy: number | null;
  communityRejected: string[];
  unlawfulAccepted: string[];
  teamBriefsScored: number;
  skills: SkillScore;
  grounding: number | null;
  tasks: number;
};

/** The skill and grounding figures cover team briefs routed to team execution only (docs/quality.md). */
const teamScoredOf = (briefs: readonly BriefResult[]) => briefs.filter((brief) => brief.skills !== null);
const piecesOf = (briefs: readonly BriefResult[]) => sum(briefs, (brief) => brief.label.pieces?.length ?? 0);
const piecesCoveredOf = (briefs: readonly BriefResult[]) => sum(briefs, (brief) => brief.piecesCovered?.length ?? 0);

export function summariseBriefs(briefs: readonly BriefResult[]): BriefSummary {
  const teamScored = teamScoredOf(briefs);
  return {
    briefs: briefs.length,
    routingAccuracy: ratio(briefs.filter((brief) => brief.routed === brief.label.routing).length, briefs.length),
    communityRejected: briefs
      .filter((b) => b.label.routing === 'community' && b.routed === 'rejected')
      .map((b) => b.label.id),
    unlawfulAccepted: briefs.filter((b) => b.label.unlawful === true && b.routed !== 'rejected').map((b) => b.label.id),
    teamBriefsScored: teamScored.length,
    skills: sumScores(teamScored.map((brief) => brief.skills!)),
    grounding: ratio(piecesCoveredOf(teamScored), piecesOf(teamScored)),
    tasks: sum(teamScored, (brief) => brief.tasks.length),
  };
}

/**
 * The figures of a held-out set as plain counts and shares: no brief id, skill name or task, so that what is
 * written about it (the JSON report) cannot be read brief by brief and used for tuning.
 */
export function briefFigures(briefs: readonly BriefResult[]) {
  const summary = summariseBriefs(briefs);
  const teamScored = teamScoredOf(briefs);
  return {
    briefs: summary.briefs,
    routingAccuracy: summary.routingAccuracy,
    communityRejected: summary.communityRejected.length,
    unlawfulAccepted: summary.unlawfulAccepted.length,
    teamBriefsScored: summary.teamBriefsScored,
    tasks: summary.tasks,
    skillLabels: summary.skills.labels,
    skillLabelsMatched: summary.skills.labelsMatched,
    skillsPredicted: summary.skills.predicted,
    skillsPredictedMatching: summary.skills.predictedMatching,
    pieces: piecesOf(teamScored),
    piecesCovered: piecesCoveredOf(teamScored),
    grounding: summary.grounding,
  };
}

/**
 * The aggregate lines every brief set gets: routing accuracy with the two counts the targets name, the
 * labelled × routed table, and skills and pieces over team briefs routed to team. The check set gets nothing else.
 */
export function briefAggregateReport(briefs: readonly BriefResult[]): string[] {
  const summary = summariseBriefs(briefs);
  const teamScored = teamScoredOf(briefs);
  return [
    `routing accuracy ${formatShare(summary.routingAccuracy)} on ${summary.briefs} briefs; ` +
      `community briefs rejected: ${summary.communityRejected.length}; ` +
      `unlawful briefs accepted: ${summary.unlawfulAccepted.length}`,
    table(
      ['labelled \\ routed', ...ROUTINGS],
      ROUTINGS.map((expected) => [
        expected,
        ...ROUTINGS.map((routed) => briefs.filter((b) => b.label.routing === expected && b.routed === routed).length),
      ]),
    ),
    '',
    table(
      ['team briefs routed to team', 'briefs', 'tasks', 'skill recall', 'skill precision', 'pieces covered'],
      [
        [
          'all',
          teamScored.length,
          summary.tasks,
          formatShare(ratio(summary.skills.labelsMatched, summary.skills.labels)),
          formatShare(ratio(summary.skills.predictedMatching, summary.skills.predicted)),
          `${piecesCoveredOf(teamScored)}/${piecesOf(teamScored)} = ${formatShare(summary.grounding)}`,
        ],
      ],
    ),
  ];
}
