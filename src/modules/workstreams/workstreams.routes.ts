import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { Data, errorResponses, IdParams } from '../../http/schemas.ts';
import { Workstream } from '../challenges/challenges.schemas.ts';
import { CreateTaskBody } from '../tasks/task-editing.schemas.ts';
import { addTask } from '../tasks/task-editing.service.ts';
import { Task } from '../tasks/tasks.schemas.ts';
import { CreateWorkstreamBody, UpdateWorkstreamBody } from './workstreams.schemas.ts';
import { addWorkstream, editWorkstream, removeWorkstream } from './workstreams.service.ts';

const tags = ['Challenges'];

/** Who may change a plan, and when: the sentence every route of this file shares. */
const PLAN_RULE =
  'Owner only (403 for another company that can see the challenge, 404 otherwise), while the challenge is an ' +
  "active or in-progress team challenge (422 otherwise). Recorded in the challenge's change history.";

export async function workstreamsRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.post(
    '/challenges/:id/workstreams',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'createWorkstream',
        tags,
        summary: "Add a workstream to the challenge's plan",
        description: `${PLAN_RULE} It goes last unless \`position\` says otherwise.`,
        params: IdParams,
        body: CreateWorkstreamBody,
        response: { 201: Data(Workstream), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const workstream = await addWorkstream(db, callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ data: workstream });
    },
  );

  app.patch(
    '/workstreams/:id',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'updateWorkstream',
        tags,
        summary: 'Rename, describe or reorder a workstream; absent fields keep their values',
        description: PLAN_RULE,
        params: IdParams,
        body: UpdateWorkstreamBody,
        response: { 200: Data(Workstream), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => ({ data: await editWorkstream(db, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/workstreams/:id',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'deleteWorkstream',
        tags,
        summary: 'Remove a workstream with its tasks',
        description:
          `${PLAN_RULE} All or nothing: a 422 names the first task that cannot go (completed, or with an assignment ` +
          'accepted, in progress or submitted). Open invitations on its tasks are withdrawn and the invitees told.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeWorkstream(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/workstreams/:id/tasks',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'createTask',
        tags: ['Tasks'],
        summary: 'Add a task to a workstream; it is matched like a planned one',
        description:
          `${PLAN_RULE} Skills are names or aliases of Guild's taxonomy (an unknown one is a 422), each optionally ` +
          'with the least proficiency asked. The task starts `pending`, is offered in the available tasks of ' +
          'contributors sharing a skill, `task.match` is queued and a `task.created` webhook event recorded.',
        params: IdParams,
        body: CreateTaskBody,
        response: { 201: Data(Task), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const task = await addTask(deps, callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ data: task });
    },
  );
}
