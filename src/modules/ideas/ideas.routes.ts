import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { challengeStamp } from '../challenges/challenge-shared-reads.ts';
import { ChallengeIdeasParams, ChallengeIdeasQuery, Idea, NewIdea, VoteBody } from './ideas.schemas.ts';
import { getIdea, type IdeaVote, listIdeasOfChallenge, listMyIdeas, submitIdea, voteOnIdea } from './ideas.service.ts';

const tags = ['Ideas'];

export async function ideasRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/challenges/:challenge/ideas',
    {
      schema: {
        operationId: 'listChallengeIdeas',
        tags,
        summary: "A community-discussion challenge's ideas: the scored ones, plus the caller's own in any status",
        params: ChallengeIdeasParams,
        querystring: ChallengeIdeasQuery,
        response: { 200: Page(Idea), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const sort = request.query.sort ?? 'final_score';
      const render = () =>
        pageResponse(request, (page) => listIdeasOfChallenge(deps, caller, request.params.challenge, sort, page));
      const stamp = await challengeStamp(deps.db, caller, request.params.challenge, request.url);
      if (!stamp) return render();
      return deps.sharedReads.serve(reply, { ...stamp, render });
    },
  );

  app.post(
    '/challenges/:challenge/ideas',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'createIdea',
        tags,
        summary: 'Submit an idea to an active community-discussion challenge (queued for AI scoring)',
        params: ChallengeIdeasParams,
        body: NewIdea,
        response: { 201: Idea, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const idea = await submitIdea(deps, callerOf(request), request.params.challenge, request.body);
      return reply.status(201).send(idea);
    },
  );

  app.get(
    '/ideas/my-ideas',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'listMyIdeas',
        tags,
        summary: "The caller's own ideas in every status, newest first",
        querystring: PageOnlyQuery,
        response: { 200: Page(Idea), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listMyIdeas(deps, callerOf(request), page)),
  );

  app.get(
    '/ideas/:id',
    {
      schema: {
        operationId: 'getIdea',
        tags,
        summary: "One idea: a scored one, the caller's own, or any on the caller's company's challenge",
        params: IdParams,
        response: { 200: Idea, ...errorResponses(401, 404) },
      },
    },
    (request) => getIdea(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/ideas/:id/vote',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'voteOnIdea',
        tags,
        summary: "Vote on someone else's scored idea: 1 up, -1 down, 0 takes the caller's vote back",
        params: IdParams,
        body: VoteBody,
        response: { 200: Idea, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => voteOnIdea(deps, callerOf(request), request.params.id, request.body.vote as IdeaVote),
  );
}
