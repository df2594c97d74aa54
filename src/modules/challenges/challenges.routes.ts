import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { challengeListStamp, challengeStamp, ideasCloseAt } from './challenge-shared-reads.ts';
import {
  CHALLENGES_PER_PAGE,
  Challenge,
  ChallengeChange,
  ChallengeDetail,
  ChallengeListQuery,
  CreateChallengeBody,
  UpdateChallengeBody,
} from './challenges.schemas.ts';
import {
  archiveChallenge,
  completeChallenge,
  createChallenge,
  listChallengeChanges,
  listOwnChallenges,
  listVisibleChallenges,
  showChallenge,
  updateChallenge,
} from './challenges.service.ts';

const tags = ['Challenges'];

export async function challengesRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/challenges',
    {
      schema: {
        operationId: 'listChallenges',
        tags,
        summary: 'Challenges the caller may see, newest first',
        description:
          'Every signed-in user sees active, in-progress and completed challenges; a company also sees its own in ' +
          'every status. `field` matches exactly and `q` matches text in the title or description, both ignoring case.',
        querystring: ChallengeListQuery,
        response: { 200: Page(Challenge), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return deps.sharedReads.serve(reply, {
        ...(await challengeListStamp(db, caller, request.url)),
        render: () =>
          pageResponse(request, (page) => listVisibleChallenges(db, caller, request.query, page), CHALLENGES_PER_PAGE),
        keptUntil: (page) => ideasCloseAt(page.data),
      });
    },
  );

  app.get(
    '/challenges/my-challenges',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'listMyChallenges',
        tags,
        summary: "The caller's own challenges in every status, newest first",
        querystring: ChallengeListQuery,
        response: { 200: Page(Challenge), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return deps.sharedReads.serve(reply, {
        ...(await challengeListStamp(db, caller, request.url)),
        render: () =>
          pageResponse(request, (page) => listOwnChallenges(db, caller, request.query, page), CHALLENGES_PER_PAGE),
        keptUntil: (page) => ideasCloseAt(page.data),
      });
    },
  );

  app.get(
    '/challenges/:id',
    {
      schema: {
        operationId: 'getChallenge',
        tags,
        summary: 'One challenge with its company, analyses, workstreams, tasks and scored ideas',
        description:
          "The analyses (risks, stakeholders, recommended approach) are the owning company's internal notes: every other caller gets `analyses: []`.",
        params: IdParams,
        response: { 200: ChallengeDetail, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const render = () => showChallenge(db, caller, request.params.id);
      const stamp = await challengeStamp(db, caller, request.params.id, request.url);
      if (!stamp) return render();
      return deps.sharedReads.serve(reply, { ...stamp, render, keptUntil: (challenge) => ideasCloseAt([challenge]) });
    },
  );

  app.post(
    '/challenges',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'createChallenge',
        tags,
        summary: 'Submit a challenge; its brief is queued for AI analysis',
        description: 'Needs a completed company profile. The challenge starts `submitted`.',
        body: CreateChallengeBody,
        response: { 201: Challenge, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      const challenge = await createChallenge(deps, callerOf(request), request.body);
      return reply.status(201).send(challenge);
    },
  );

  app.put(
    '/challenges/:id',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'updateChallenge',
        tags,
        summary:
          'Change the title or description while the challenge is submitted or under analysis, or the refined brief ' +
          'while it is active or in progress',
        description:
          'Owner only. A changed description sends the challenge back to `submitted` and re-analyses it. A changed ' +
          '`refined_brief` is recorded in the change history and not analysed again; before the analysis wrote it ' +
          '(submitted, analyzing) and after the challenge ended (completed, archived, rejected) it is a 422.',
        params: IdParams,
        body: UpdateChallengeBody,
        response: { 200: Challenge, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => updateChallenge(deps, callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/challenges/:id/changes',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'listChallengeChanges',
        tags,
        summary: "What the company changed in the challenge's plan and refined brief, newest first",
        description:
          'Owner only (403 for another company that can see the challenge, 404 otherwise). One entry per edit: ' +
          'workstreams and tasks added, changed, merged or removed, matching asked for again, the refined brief edited.',
        params: IdParams,
        querystring: PageOnlyQuery,
        response: { 200: Page(ChallengeChange), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listChallengeChanges(db, callerOf(request), request.params.id, page)),
  );

  app.post(
    '/challenges/:id/archive',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'archiveChallenge',
        tags,
        summary: 'Archive a challenge (owner only, from any status; archiving again changes nothing)',
        params: IdParams,
        response: { 200: Challenge, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => archiveChallenge(db, callerOf(request), request.params.id),
  );

  app.post(
    '/challenges/:id/complete',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'completeChallenge',
        tags,
        summary: 'Complete a challenge (owner only, from active or in progress)',
        description:
          'The company declares the work done: the challenge becomes `completed`, its tasks leave ' +
          '`/tasks/available`, and its open invitations are withdrawn (the invitees are notified). A 422 while any ' +
          'assignment is still accepted, in progress or submitted, and from any other status. A challenge also ' +
          'completes by itself when its last task is completed.',
        params: IdParams,
        response: { 200: Challenge, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => completeChallenge(db, callerOf(request), request.params.id),
  );
}
