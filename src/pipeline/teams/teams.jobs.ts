import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { formTeam } from './team-formation.ts';

/** Queued by every batch of invitations on a challenge; forming is idempotent, so repeats cost a lookup. */
export const formTeamJob: JobDefinition<AppDeps, 'challenge.form-team'> = {
  async handle(deps, { challengeId }) {
    await formTeam(deps.db, challengeId);
  },
};
