import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { itemsJsonPageBody, pageRequest, pageResponse } from '../../http/pagination.ts';
import { Data, errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { userPage } from '../../http/user-pages.ts';
import { Assignment } from '../assignments/assignments.schemas.ts';
import { MergeTaskBody, UpdateTaskBody } from './task-editing.schemas.ts';
import { editTask, mergeTask, rematchTask, removeTask } from './task-editing.service.ts';
import { MyTask, Task, TaskDetail, TaskListQuery } from './tasks.schemas.ts';
import { availableTasksJson, listTasks, myTasksJson, showTask, type TaskSerializers } from './tasks.service.ts';

const tags = ['Tasks'];

/**
 * The task lists' item serializers, compiled from the schemas by the route's serializer compiler (once per route):
 * their items are written one by one and put into the page (itemsJsonPageBody), so the schemas still decide every
 * byte sent.
 */
function serializers(reply: FastifyReply): TaskSerializers {
  return {
    task: reply.compileSerializationSchema(asSchema(Task)),
    assignment: reply.compileSerializationSchema(asSchema(Assignment)),
  };
}

/** Fastify types a schema as a plain record; a TypeBox schema is one (the same object: Fastify caches by it). */
function asSchema(schema: TSchema): Record<string, unknown> {
  return schema as unknown as Record<string, unknown>;
}

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
    async (request, reply) => {
      const page = pageRequest(request.query);
      const caller = callerOf(request);
      return deps.sharedReads.servePage(
        reply,
        userPage(db, request, caller.id, async () => {
          const { data, total, ...version } = await availableTasksJson(
            db,
            deps.keptItems,
            caller,
            page,
            serializers(reply),
          );
          return { body: itemsJsonPageBody(request, reply, page, data, total), ...version };
        }),
      );
    },
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
    async (request, reply) => {
      const page = pageRequest(request.query);
      const caller = callerOf(request);
      return deps.sharedReads.servePage(
        reply,
        userPage(db, request, caller.id, async () => {
          const { data, total, ...version } = await myTasksJson(db, deps.keptItems, caller, page, serializers(reply));
          return { body: itemsJsonPageBody(request, reply, page, data, total), ...version };
        }),
      );
    },
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
  const EDIT_RULE =
    'Owner only (403 for another company that can see the challenge, 404 otherwise), while the challenge is an ' +
    "active or in-progress team challenge (422 otherwise). Recorded in the challenge's change history.";

  app.patch(
    '/tasks/:id',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'updateTask',
        tags,
        summary: 'Correct a task: title, description, skills with levels, experience, estimate, order, workstream',
        description:
          `${EDIT_RULE} Absent fields keep their values; \`required_skills\` replaces the skills (taxonomy names or ` +
          'aliases; an unknown one is a 422) and the task is offered in the feeds of whoever shares the new ones. ' +
          'Invitations already sent stay: `POST /tasks/{id}/rematch` invites for the new skills. The task is then ' +
          'marked as changed by the company (`company_edited_at`). A completed task is a 422.',
        params: IdParams,
        body: UpdateTaskBody,
        response: { 200: Data(Task), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => ({ data: await editTask(db, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/tasks/:id',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'deleteTask',
        tags,
        summary: 'Remove a task from the plan',
        description:
          `${EDIT_RULE} Only while no assignment on it is accepted, in progress or submitted, and not once it is ` +
          'completed (422 saying which). Its open invitations are withdrawn and the invitees told; its declined ' +
          'and withdrawn assignments go with it.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeTask(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tasks/:id/merge',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'mergeTask',
        tags,
        summary: 'Merge this task into another task of the same challenge; answers the task merged into',
        description:
          `${EDIT_RULE} The target keeps its title and takes in this task's description, skills (the more ` +
          'demanding level of a skill both name), acceptance criteria, expected output and hours (summed), and the ' +
          'higher experience level. This task is then removed under the rules of `DELETE /tasks/{id}`.',
        params: IdParams,
        body: MergeTaskBody,
        response: { 200: Data(Task), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => ({ data: await mergeTask(db, callerOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/tasks/:id/rematch',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'rematchTask',
        tags,
        summary: 'Run matching for the task again (queued)',
        description:
          `${EDIT_RULE} Only while the task is pending or matching (422 otherwise). Matching tops the task's open ` +
          'invitations up to three with the best fitting contributors who hold no assignment on it yet; it runs in ' +
          'the worker, so the answer is 202 with the task as it is now.',
        params: IdParams,
        response: { 202: Data(Task), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const task = await rematchTask(deps, callerOf(request), request.params.id);
      return reply.status(202).send({ data: task });
    },
  );
}
