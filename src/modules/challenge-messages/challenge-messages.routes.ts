import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { errorResponses, IdParams, Page } from '../../http/schemas.ts';
import {
  ChallengeMessage,
  ChallengeMessageCreated,
  ChallengeMessagesQuery,
  NewChallengeMessage,
} from './challenge-messages.schemas.ts';
import { listChallengeMessages, postChallengeMessage } from './challenge-messages.service.ts';

const tags = ['Challenges'];

const WHO =
  'For the company that owns the challenge and the contributors assigned on its tasks (accepted, in progress, ' +
  "submitted or completed); a task's thread (`task_id`) for the company and that task's assignees. Anyone else " +
  'gets 404. A `task_id` that is not a task of the challenge is a 422.';

export async function challengeMessagesRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/challenges/:id/messages',
    {
      schema: {
        operationId: 'listChallengeMessages',
        tags,
        summary: 'The company ↔ team thread of a challenge (or of one task with `task_id`), newest first',
        description: WHO,
        params: IdParams,
        querystring: ChallengeMessagesQuery,
        response: { 200: Page(ChallengeMessage), ...errorResponses(401, 404, 422) },
      },
    },
    (request) =>
      pageResponse(request, (page) =>
        listChallengeMessages(db, callerOf(request), request.params.id, request.query.task_id ?? null, page),
      ),
  );

  app.post(
    '/challenges/:id/messages',
    {
      schema: {
        operationId: 'postChallengeMessage',
        tags,
        summary: "Write in the challenge's company ↔ team thread (or a task's, with `task_id`)",
        description:
          `${WHO} The other side is notified (\`challenge_message\`): the company when a contributor writes, the ` +
          "thread's contributors when the company writes. An archived challenge's threads are read-only (422).",
        params: IdParams,
        body: NewChallengeMessage,
        response: { 201: ChallengeMessageCreated, ...errorResponses(400, 401, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const message = await postChallengeMessage(db, callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ data: message });
    },
  );
}
