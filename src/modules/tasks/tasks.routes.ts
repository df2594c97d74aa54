import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { MyTask, Task, TaskDetail, TaskListQuery } from './tasks.schemas.ts';
import { listAvailable, listMyTasks, listTasks, showTask } from './tasks.service.ts';

const tags = ['Tasks'];

export async function tasksRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/tasks',
    {
      schema: {
        operationId: 'listTasks',
        tags,
        summary: 'Tasks of the challenges the caller may see, newest first',
        description: '`skill` is a skill name or alias, matched ignoring case.',
        querystring: TaskListQuery,
        response: { 200: Page(Task), ...errorResponses(401, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listTasks(db, callerOf(request), request.query, page)),
  );

  app.get(
    '/tasks/available',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'listAvailableTasks',
        tags,
        summary: "Open tasks sharing a skill with the caller's profile, best skill overlap first",
        description:
          'Tasks that are pending or matching, of an active or in-progress challenge, requiring at least one of the ' +
          "contributor's skills, and on which the contributor has no assignment in any status. Ties: newest first. " +
          'Empty for a contributor without a profile.',
        querystring: PageOnlyQuery,
        response: { 200: Page(Task), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listAvailable(db, callerOf(request), page)),
  );

  app.get(
    '/tasks/my-tasks',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'listMyTasks',
        tags,
        summary: 'Tasks on which the caller holds an assignment other than declined, with that assignment',
        description: 'Latest assignment first. Empty for a contributor without a profile.',
        querystring: PageOnlyQuery,
        response: { 200: Page(MyTask), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listMyTasks(db, callerOf(request), page)),
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        operationId: 'getTask',
        tags,
        summary: 'One task, with the assignments the caller may see',
        description: 'The owning company sees every assignment on the task; a contributor sees their own.',
        params: IdParams,
        response: { 200: TaskDetail, ...errorResponses(401, 404) },
      },
    },
    (request) => showTask(db, callerOf(request), request.params.id),
  );
}
