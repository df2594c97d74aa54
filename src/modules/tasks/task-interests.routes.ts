import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { errorResponses, IdParams, MessageBody, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { ApplyForTaskBody, TaskInterest } from './task-interests.schemas.ts';
import { applyForTask, listApplicants, withdrawApplication } from './task-interests.service.ts';

const tags = ['Tasks'];

/** Applying for a task and the company's list of applicants (issue 13, item 1; docs/api.md, "Applying for a task"). */
export async function taskInterestsRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.post(
    '/tasks/:id/interest',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'applyForTask',
        tags,
        summary: 'Apply for an open task, with a short note to the company',
        description:
          'The task must be open (pending or matching, of an active or in-progress challenge); applying twice, or ' +
          'for a task on which the caller already has an invitation or assignment, is a 422. The company is ' +
          'notified (`task_interest`) and may invite the applicant. `DELETE` takes the application back.',
        params: IdParams,
        body: ApplyForTaskBody,
        response: { 201: TaskInterest, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const interest = await applyForTask(db, callerOf(request), request.params.id, request.body ?? {});
      return reply.status(201).send(interest);
    },
  );

  app.delete(
    '/tasks/:id/interest',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'withdrawTaskApplication',
        tags,
        summary: "Take back the caller's application for a task",
        description:
          'Removes the application; an invitation the company already made from it stays. 404 when the caller has ' +
          'not applied. The caller may apply again later while the task is open.',
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => withdrawApplication(db, callerOf(request), request.params.id),
  );

  app.get(
    '/tasks/:id/interest',
    {
      schema: {
        operationId: 'listTaskApplicants',
        tags,
        summary: 'The applicants for one of the caller company’s tasks, newest first',
        description:
          'The owning company only: for anyone else the task answers 404, as if it did not exist. Each applicant ' +
          'comes with their note, the required skills they hold (with CV evidence) and the invitation or ' +
          'assignment they hold on the task, if any.',
        params: IdParams,
        querystring: PageOnlyQuery,
        response: { 200: Page(TaskInterest), ...errorResponses(401, 404, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listApplicants(db, callerOf(request), request.params.id, page)),
  );
}
