import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { respondToTeamInvitation, type TeamAnswer } from '../../../modules/teams/team-invitations.service.ts';
import { idParam } from '../../components/path-id.ts';
import { setFlash } from '../../session.ts';

const ANSWERED: Record<TeamAnswer, string> = {
  accept: 'You joined the team. Welcome aboard!',
  decline: 'You declined the team invitation.',
};

/**
 * `POST /teams/{id}/accept|decline`: answering a team invitation is a web-only, CSRF-protected form post
 * (docs/contract.md §4 and §5 keep it off the API); the teams service decides, then a flash and a redirect.
 */
export function answerTeamInvitation(choice: TeamAnswer) {
  return async (request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) => {
    // Someone with no open invitation is refused by the service (403/422), shown as the error page.
    const team = await respondToTeamInvitation(deps.db, user.id, idParam(request, 'Team'), choice);
    setFlash(request, ANSWERED[choice]);
    return reply.redirect(choice === 'accept' ? `/teams/${team.id}` : '/teams', 303);
  };
}
