import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { Data, errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { NewTeamMessage, Team, TeamMessage } from './teams.schemas.ts';
import { getTeam, listMessages, postMessage } from './teams.service.ts';

const tags = ['Teams'];

export async function teamsRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/teams/:id',
    {
      schema: {
        operationId: 'getTeam',
        tags,
        summary: 'A team with its members, leader first',
        description:
          "For the team's members whose invitation is open or accepted, and for the company that owns the team's " +
          "challenge (it reads the team, not the team's own messages: those stay the members'; it talks with the team " +
          'in the challenge messages). Another company gets 404, like an unknown team; a contributor outside the team ' +
          '(or who declined) 403, as for the messages.',
        params: IdParams,
        response: { 200: Data(Team), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await getTeam(db, callerOf(request), request.params.id) }),
  );

  app.get(
    '/teams/:id/messages',
    {
      schema: {
        operationId: 'listTeamMessages',
        tags,
        summary: "The team's messages, newest first (members whose invitation is open or accepted)",
        params: IdParams,
        querystring: PageOnlyQuery,
        response: { 200: Page(TeamMessage), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listMessages(db, callerOf(request), request.params.id, page)),
  );

  app.post(
    '/teams/:id/messages',
    {
      schema: {
        operationId: 'postTeamMessage',
        tags,
        summary: 'Send a message to the team (members whose invitation is open or accepted)',
        params: IdParams,
        body: NewTeamMessage,
        response: { 201: TeamMessage, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const message = await postMessage(db, callerOf(request), request.params.id, request.body.message);
      return reply.status(201).send(message);
    },
  );
}
