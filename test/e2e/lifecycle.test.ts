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
import { browseTasks, decomposeAndInvite, refuseEditsAndArchive, submitChallenge } from './phases-challenges.ts';
import {
  declineInvitation,
  handleNotifications,
  proposeAndVoteOnIdea,
  talkInTeam,
  workThroughAssignment,
} from './phases-collaboration.ts';

/**
 * Acceptance: a token made with the CLI drives every endpoint of the seed as the seed and the contract say. The
 * service runs as a user runs it (`node src/server.ts`, a temp DATA_DIR, a fresh database, no embedded worker); the
 * accounts come from `node src/cli.ts`; every call goes over real HTTP. The phases run in order, each building on
 * the last. Where the AI pipeline (issue 3, not built yet) would act, a stand-in writes its results to the database
 * (`pipeline-stand-in.ts`); those phases say so in their names.
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
    it('stand-in for the pipeline (issue 3): decomposes the challenge, invites Alice and Bob', () =>
      decomposeAndInvite(journey));
    it('lists tasks, those available to Alice, her own, and one task as each party sees it', () =>
      browseTasks(journey));
    it('declines an invitation with a reason', () => declineInvitation(journey));
    it('walks the assignment: accept, start, submit-solution (303), complete', () => workThroughAssignment(journey));
    it('lists, counts, marks read and deletes notifications', () => handleNotifications(journey));
    it('stand-in for the pipeline (issue 3) forms a team; its members exchange messages', () => talkInTeam(journey));
    it('takes an idea, scored by the pipeline stand-in (issue 3), and a vote on it', () =>
      proposeAndVoteOnIdea(journey));
    it('refuses edits once the challenge is under way, then archives it', () => refuseEditsAndArchive(journey));
    it('logs out: the token then answers 401', () => logOut(journey));
    it('blocks a user deactivated with the command line', () => deactivateWithCli(journey));
    it('logged no server errors on the way', () => {
      assert.deepEqual(journey.world.server.errors(), [], journey.world.server.logTail());
    });
  });
}
