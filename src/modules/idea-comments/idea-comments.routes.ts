import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { Data, errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { IdeaComment, NewIdeaComment } from './idea-comments.schemas.ts';
import { commentOnIdea, listCommentsOfIdea } from './idea-comments.service.ts';

const tags = ['Ideas'];

export async function ideaCommentsRoutes(fastify: FastifyInstance, { db }: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/ideas/:id/comments',
    {
      schema: {
        operationId: 'listIdeaComments',
        tags,
        summary: 'The comment thread under an idea, oldest first (whoever may read the idea)',
        params: IdParams,
        querystring: PageOnlyQuery,
        response: { 200: Page(IdeaComment), ...errorResponses(401, 404, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listCommentsOfIdea(db, callerOf(request), request.params.id, page)),
  );

  app.post(
    '/ideas/:id/comments',
    {
      schema: {
        operationId: 'createIdeaComment',
        tags,
        summary: 'Comment on an idea (whoever may read it); its author is notified',
        params: IdParams,
        body: NewIdeaComment,
        response: { 201: Data(IdeaComment), ...errorResponses(400, 401, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const comment = await commentOnIdea(db, callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ data: comment });
    },
  );
}
