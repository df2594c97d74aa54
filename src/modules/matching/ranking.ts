import type { Db } from '../../db/database.ts';
import { completeCandidates } from './matching-inputs.ts';
import {
  type Candidate,
  compareMatches,
  type Match,
  type RankKey,
  scoreCandidate,
  scoreCeiling,
  type TaskNeeds,
  worksInFieldOf,
} from './scoring.ts';

/**
 * Candidates best first, read one at a time: what inviting walks until the task's invitations are made. `next` answers
 * the next match in `rankCandidates` order (undefined when none is left); the reads it still needs go through `db`,
 * which is the caller's transaction once it holds one (a SQLite database is one connection that a transaction holds).
 */
export type Ranking = { next(db: Db): Promise<Match | undefined> };

/** A ranking already worked out. */
export function rankingOf(matches: readonly Match[]): Ranking {
  let index = 0;
  return { next: async () => matches[index++] };
}

/** Where the rank keys of in-field candidates start: above every score (0–100). */
const IN_FIELD_KEYS = 101;

/** Candidates completed per read at first; each further read takes twice as many, up to `MOST_COMPLETED_AT_ONCE`. */
const FIRST_COMPLETED = 32;
const MOST_COMPLETED_AT_ONCE = 1000;

/**
 * The ranking of `rankCandidates` over complete candidates, worked out from candidates holding only their holds on the
 * task's skills (`findOwnSkillCandidates`), completing (their neighbouring skills, their evidence:
 * `completeCandidates`) only those who could still come next. Each candidate's `scoreCeiling` bounds the score their
 * neighbours could give them; candidates are completed in order of that bound, and a completed match is answered once
 * no candidate left could rank before it even at their bound. A task's invitations go to the top few of thousands of
 * candidates, so most candidates are never completed. The order, the scores and the factors are those of ranking
 * every complete candidate (test/pipeline/matching-ranking.test.ts holds that on a generated population).
 */
export function rankLazily(task: TaskNeeds, candidates: readonly Candidate[], minimumScore: number): Ranking {
  // Ceilings are whole scores (0–100): candidates are kept by rank key — whether they work in the task's field
  // (`worksInFieldOf`, which neighbours do not change) and their ceiling — and those of one key are put in order only
  // when the ranking reaches them, instead of sorting tens of thousands of whom a few are ever completed. Keys run
  // from the out-of-field ceilings (0–100) to the in-field ones (101–201), so walking them down is the ranking order.
  const byKey: RankKey[][] = [];
  for (const candidate of candidates) {
    const ceiling = scoreCeiling(task, candidate);
    if (ceiling === null || ceiling < minimumScore) continue;
    const ownField = worksInFieldOf(task, candidate);
    (byKey[ownField ? IN_FIELD_KEYS + ceiling : ceiling] ??= []).push({ score: ceiling, candidate, ownField });
  }
  let nextKey = byKey.length - 1;
  /** Candidates in ranking order of their ceilings, as far as reached; those before `completedUpTo` are completed. */
  const bounded: RankKey[] = [];
  let completedUpTo = 0;
  let batch = FIRST_COMPLETED;
  /** Completed matches not yet answered, best first. */
  const ready: Match[] = [];

  /** Puts in order the candidates of the next ceilings down until `count` wait to be completed (or none is left). */
  function reach(count: number): void {
    while (bounded.length - completedUpTo < count && nextKey >= 0) {
      for (const entry of (byKey[nextKey--] ?? []).sort(compareMatches)) bounded.push(entry);
    }
  }

  async function completeNext(db: Db): Promise<void> {
    reach(batch);
    const next = bounded.slice(completedUpTo, completedUpTo + batch);
    completedUpTo += next.length;
    batch = Math.min(batch * 2, MOST_COMPLETED_AT_ONCE);
    const complete = await completeCandidates(
      db,
      task,
      next.map((entry) => entry.candidate),
    );
    for (const candidate of complete) {
      const match = scoreCandidate(task, candidate);
      if (match && match.score >= minimumScore) ready.push(match);
    }
    ready.sort(compareMatches);
  }

  return {
    async next(db) {
      // The best completed match comes next only if no candidate left could rank before it at their ceiling.
      for (reach(1); completedUpTo < bounded.length; reach(1)) {
        if (ready.length > 0 && compareMatches(bounded[completedUpTo], ready[0]) > 0) break;
        await completeNext(db);
      }
      return ready.shift();
    },
  };
}
