import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDialects } from '../helpers/context.ts';
import { Cleanup, createE2eWorld } from './e2e-world.ts';
import type { Journey } from './journey.ts';
import {
  completeCompanyProfile,
  completeContributorProfiles,
  createAccountsWithCli,
  deactivateWithCli,
  logOut,
} from './phases-accounts.ts';
import { browseTasks, refuseEditsAndArchive, runPipeline, submitChallenge } from './phases-challenges.ts';
import {
  declineInvitation,
  handleNotifications,
  proposeAndVoteOnIdea,
  talkInTeam,
  workThroughAssignment,
} from './phases-collaboration.ts';

/**
 * Acceptance: a token made with the CLI drives every endpoint of the seed as docs/contract.md says. The
 * service runs as a user runs it (`node src/server.ts`, a temp DATA_DIR, a fresh database, no embedded worker); the
 * accounts come from `node src/cli.ts`; the jobs the requests queue are run by `node src/worker.ts` processes with
 * the local analyzers (the real pipeline: CV and brief analysis, matching, team formation, idea scoring); every call
 * goes over real HTTP. The phases run in order, each building on the last. Until the worker starts, queued jobs
 * wait: the phases before it see the state the API leaves before any analysis.
 */
for (const dialect of testDialects()) {
  describe(`the seed's lifecycle over real HTTP [${dialect}]`, () => {
    const cleanup = new Cleanup();
    const journey = { dialect } as Journey;
    before(async () => {
      journey.world = await createE2eWorld(dialect, cleanup);
    });
    after(() => cleanup.run());

    it('creates the accounts and their tokens with the command line', () => createAccountsWithCli(journey));
    it('completes the company profile with a multipart logo and reads it back', () => completeCompanyProfile(journey));
    it('completes the contributor profiles and uploads a PDF CV', () => completeContributorProfiles(journey));
    it('submits a challenge: 201, submitted, analysis queued, visible to its company only', () =>
      submitChallenge(journey));
    it('a worker process analyses the CVs and the brief, invites Alice and Bob to tasks and to a team', () =>
      runPipeline(journey));
    it('lists tasks, those available to Alice, her own, and one task as each party sees it', () =>
      browseTasks(journey));
    it('declines an invitation with a reason; the task is matched again', () => declineInvitation(journey));
    it('walks the assignment: accept, start, submit-solution (303), complete', () => workThroughAssignment(journey));
    it('lists, counts, marks read and deletes notifications', () => handleNotifications(journey));
    it("the team's members exchange messages", () => talkInTeam(journey));
    it('opens a community question, takes an idea that a restarted worker scores, and a vote on it', () =>
      proposeAndVoteOnIdea(journey));
    it('refuses edits once the challenge is under way, then archives it', () => refuseEditsAndArchive(journey));
    it('logs out: the token then answers 401', () => logOut(journey));
    it('blocks a user deactivated with the command line', () => deactivateWithCli(journey));
    it('logged no server or worker errors on the way', () => {
      for (const process of journey.world.processes()) assert.deepEqual(process.errors(), [], process.logTail());
    });
  });
}
