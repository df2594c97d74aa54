import {
  challengesToReanalyse,
  reconsiderRejectedChallenges,
} from '../modules/challenges/challenge-analysis.repository.ts';
import { recordChallengeStatusChanged } from '../modules/challenges/challenge-events.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';
import { markCvsForReanalysis } from '../modules/volunteers/cv-analysis.repository.ts';
import { findVolunteerByUserId } from '../modules/volunteers/volunteers.repository.ts';
import { CommandFailure, UsageError } from './cli-errors.ts';
import type { Command } from './command.ts';
import { withQueue } from './jobs-commands.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * After the analyzer improved: queue the existing analysis jobs again, for one contributor's CV or every CV, for one
 * brief or every brief still awaiting its analysis or rejected by it (a rejected brief goes back to `submitted`, so
 * an analyzer that now understands it opens it; its company hears of the move as of any other). The running workers do the work; each job is queued in the
 * transaction that marks its subject, so a CV is never left `pending` without its job.
 */
export const reanalysisCommands: Record<string, Command> = {
  'cv:reanalyze': {
    summary: "Analyse a contributor's CV (--email) or every stored CV (--all) again, e.g. after the analyzer improved.",
    options: {
      email: { type: 'string', value: 'EMAIL', description: "The contributor's email." },
      all: { type: 'boolean', description: 'Every contributor who uploaded a CV.' },
    },
    exactlyOneOf: [['email', 'all']],
    examples: ['guild cv:reanalyze --email alice@example.test', 'guild cv:reanalyze --all'],
    async run(context, options) {
      const { db, print } = context;
      let target: number[] | 'all' = 'all';
      if (!options.all) {
        const email = (options.email as string).trim();
        const user = await findUserByEmail(db, email);
        if (!user) throw new CommandFailure(`No user has the email ${email}.`);
        const volunteer = await findVolunteerByUserId(db, user.id);
        if (!volunteer) throw new CommandFailure(`${user.email} has no contributor profile, so no CV.`);
        target = [volunteer.id];
      }
      const queued = await withQueue(context, (queue) =>
        db.transaction().execute(async (trx) => {
          const ids = await markCvsForReanalysis(trx, target, new Date().toISOString());
          for (const volunteerId of ids) await queue.enqueue(trx, 'volunteer.analyze-cv', { volunteerId });
          return ids.length;
        }),
      );
      if (target !== 'all' && queued === 0) throw new CommandFailure(`${options.email} has not uploaded a CV.`);
      print(queued === 0 ? 'No CV to analyse: nobody uploaded one.' : `Queued ${plural(queued, 'CV analysis job')}.`);
    },
  },

  'brief:reanalyze': {
    summary:
      'Analyse a brief (--challenge) or every brief (--all) again that is awaiting its analysis (submitted, e.g. ' +
      'after a failed analysis, or analyzing) or that the analysis rejected, e.g. after the analyzer improved.',
    options: {
      challenge: { type: 'string', value: 'ID', description: "The challenge's id." },
      all: { type: 'boolean', description: 'Every challenge awaiting its analysis or rejected by it.' },
    },
    exactlyOneOf: [['challenge', 'all']],
    examples: ['guild brief:reanalyze --challenge 42', 'guild brief:reanalyze --all'],
    async run(context, options) {
      const { db, print } = context;
      const id = options.all ? null : parseChallengeId(options.challenge as string);
      const queued = await withQueue(context, (queue) =>
        db.transaction().execute(async (trx) => {
          const challenges = await challengesToReanalyse(trx, id);
          const rejected = challenges.filter((challenge) => challenge.status === 'rejected').map(({ id }) => id);
          await reconsiderRejectedChallenges(trx, rejected, new Date().toISOString());
          for (const challengeId of rejected) await recordChallengeStatusChanged(trx, challengeId);
          for (const { id: challengeId } of challenges) await queue.enqueue(trx, 'challenge.analyze', { challengeId });
          return challenges.length;
        }),
      );
      if (id !== null && queued === 0) {
        throw new CommandFailure(
          `No challenge ${id} is awaiting its analysis or was rejected by it: it does not exist, or its brief was ` +
            'already turned into tasks or opened to ideas, and analysing it again would replace that.',
        );
      }
      print(
        queued === 0
          ? 'No brief is awaiting its analysis or was rejected.'
          : `Queued ${plural(queued, 'brief analysis job')}.`,
      );
    },
  },
};

function parseChallengeId(raw: string): number {
  const id = Number(raw.trim());
  if (!/^[1-9][0-9]{0,15}$/.test(raw.trim()) || !Number.isSafeInteger(id)) {
    throw new UsageError(`The option --challenge must be a challenge id, a positive integer (got "${raw}").`);
  }
  return id;
}
