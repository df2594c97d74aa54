import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { Data, errorResponses, IdParams } from '../../http/schemas.ts';
import { Assignment } from '../assignments/assignments.schemas.ts';
import { getTaskCandidates } from './candidates.service.ts';
import { inviteToTask } from './invitations.service.ts';
import { InvitationBody, TaskCandidates } from './matching.schemas.ts';

const tags = ['People'];
const companiesOnly = { accountType: 'company' } as const;

/** A task's people, for the company that owns it (issue 12, items 2 and 3; docs/api.md, People). */
export async function matchingRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/tasks/:id/candidates',
    {
      config: companiesOnly,
      schema: {
        operationId: 'getTaskCandidates',
        tags,
        summary: "A task's candidates (who matching would rank, with score) and the people on it, as profile cards",
        description:
          'The owning company only: another company gets 404, a contributor 403. Candidates are ranked as matching ' +
          'ranks them (best 20, `candidates_total` in all); `would_be_invited` marks those scoring at least ' +
          '`minimum_score`. `people` are everyone with an assignment on the task. `message` says in plain words why ' +
          'no one would be invited ("No contributor holds Structural Design at advanced level or above."), or why ' +
          'the task takes no invitations.',
        params: IdParams,
        response: { 200: Data(TaskCandidates), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await getTaskCandidates(db, callerOf(request), request.params.id) }),
  );

  app.post(
    '/tasks/:id/invitations',
    {
      config: companiesOnly,
      schema: {
        operationId: 'inviteContributor',
        tags,
        summary: 'Invite a contributor of your choice to a task, with a note',
        description:
          'The owning company only (another company 404, a contributor 403). The same invitation as matching makes: ' +
          'an `invited` assignment with a match score and reasoning (gaps included: the company may invite someone ' +
          'matching would not), the `task_assignment` notification (with the note), the ' +
          '`assignment.status_changed` event, the task to `matching`, team formation. `invited_by` is `company` and ' +
          '`invitation_note` the note. 422: an unknown or deactivated contributor (on `volunteer_id`), a task that ' +
          'is filled, completed or on a challenge that is not running, a contributor who already has an assignment ' +
          'on the task (invited, working, done, declined or withdrawn: one invitation per contributor and task).',
        params: IdParams,
        body: InvitationBody,
        response: { 201: Data(Assignment), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const assignment = await inviteToTask(deps, callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ data: assignment });
    },
  );
}
