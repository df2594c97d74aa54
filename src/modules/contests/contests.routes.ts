import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { Data, errorResponses, IdParams } from '../../http/schemas.ts';
import { ChallengeDetail } from '../challenges/challenges.schemas.ts';
import { Idea } from '../ideas/ideas.schemas.ts';
import { WinnersBody } from './contests.schemas.ts';
import { announceWinners, shortlistIdea } from './contests.service.ts';

const tags = ['Contests'];

/** Community challenges as contests (docs/api.md, Contests): the owner's shortlist and winners. */
export async function contestsRoutes(fastify: FastifyInstance, { db }: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/ideas/:id/shortlist',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'shortlistIdea',
        tags,
        summary: "Put a scored idea on the company's shortlist (owner of its challenge only)",
        description:
          'Until the winners are announced. Shortlisting an idea already on the list changes nothing. The author is ' +
          'notified (`idea_shortlisted`); everyone who can read the idea sees `shortlisted`.',
        params: IdParams,
        response: { 200: Data(Idea), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await shortlistIdea(db, callerOf(request), request.params.id, true) }),
  );

  app.delete(
    '/ideas/:id/shortlist',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'unshortlistIdea',
        tags,
        summary: "Take an idea off the company's shortlist (owner of its challenge only)",
        description: 'Until the winners are announced. Taking off an idea not on the list changes nothing.',
        params: IdParams,
        response: { 200: Data(Idea), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await shortlistIdea(db, callerOf(request), request.params.id, false) }),
  );

  app.post(
    '/challenges/:id/winners',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'announceWinners',
        tags,
        summary: 'Announce the winners of a community discussion (owner only, once)',
        description:
          '`idea_ids` in order of place (first is first place): 1 to 10 scored ideas of this challenge. With a ' +
          'deadline, only once it has passed; without one, at any time. The announcement closes ideas and votes ' +
          'and notifies every participant, authors of scored ideas and voters (`contest_winners`). Answers the ' +
          'challenge with its `winners`.',
        params: IdParams,
        body: WinnersBody,
        response: { 200: Data(ChallengeDetail), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => ({
      data: await announceWinners(db, callerOf(request), request.params.id, request.body.idea_ids),
    }),
  );
}
