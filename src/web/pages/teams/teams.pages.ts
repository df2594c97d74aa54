import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { respondToTeamInvitation, type TeamAnswer } from '../../../modules/teams/team-invitations.service.ts';
import { pathId } from '../../components/path-id.ts';
import { setFlash } from '../../session.ts';
import { requireContributor } from '../contributor/contributor-access.ts';
import { teamPage } from './team.page.ts';
import { teamsListPage } from './teams-list.page.ts';

type TeamRequest = FastifyRequest<{ Params: { id: string } }>;

const ANSWERED: Record<TeamAnswer, string> = {
  accept: 'You joined the team. Welcome aboard!',
  decline: 'You declined the team invitation.',
};

/**
 * Teams for contributors. Reading goes through the teams service with the signed-in user as the caller; answering
 * an invitation is a web-only, CSRF-protected form post (the seed keeps it off the API), with a flash and a redirect.
 */
export async function teamsPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/teams', async (request, reply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    return teamsListPage(request, reply, deps, user);
  });

  app.get<{ Params: { id: string } }>('/teams/:id', async (request, reply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    return teamPage(request, reply, deps, user, pathId(request.params.id, 'Team'));
  });

  const answer = (choice: TeamAnswer) => async (request: TeamRequest, reply: FastifyReply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    const teamId = pathId(request.params.id, 'Team');
    // Someone with no open invitation is refused by the service (403/422), shown as the error page.
    const team = await respondToTeamInvitation(deps.db, user.id, teamId, choice);
    setFlash(request, ANSWERED[choice]);
    return reply.redirect(choice === 'accept' ? `/teams/${team.id}` : '/teams', 303);
  };
  app.post<{ Params: { id: string } }>('/teams/:id/accept', { preHandler: app.csrfProtection }, answer('accept'));
  app.post<{ Params: { id: string } }>('/teams/:id/decline', { preHandler: app.csrfProtection }, answer('decline'));
}
