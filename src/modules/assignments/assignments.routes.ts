import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageEnvelope, pageRequest, pageResponse } from '../../http/pagination.ts';
import { Data, errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import { assertUploadsValid, MiB, type UploadRule, uploadsOf } from '../../http/uploads.ts';
import { userPage } from '../../http/user-pages.ts';
import {
  Assignment,
  AssignmentListQuery,
  CompleteBody,
  RejectBody,
  RequestChangesBody,
  Submission,
  SubmitSolutionBody,
} from './assignments.schemas.ts';
import {
  acceptAssignment,
  completeAssignment,
  getAssignment,
  listAssignments,
  listPendingAssignments,
  rejectAssignment,
  requestRevision,
  startAssignment,
  withdrawInvitation,
} from './assignments.service.ts';
import { listSubmissions, submitSolution } from './submissions.service.ts';

const tags = ['Assignments'];

const ATTACHMENTS: UploadRule = {
  maxBytes: 10 * MiB,
  maxFiles: 10,
  kinds: ['pdf', 'doc', 'docx', 'zip', 'png', 'jpeg', 'txt'],
  label: 'PDF, DOC, DOCX, ZIP, PNG, JPEG or plain text file',
  noun: 'your files',
};

const PARTY_AND_STATUS_RULES = 'The wrong party gets 403; a status the action does not start from gets 422.';

export async function assignmentsRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/assignments',
    {
      schema: {
        operationId: 'listAssignments',
        tags,
        summary: "The caller's assignments: a contributor's own, or those on a company's challenges; newest first",
        querystring: AssignmentListQuery,
        response: { 200: Page(Assignment), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const caller = callerOf(request);
      return deps.sharedReads.servePage(
        reply,
        userPage(db, request, caller.id, async () => {
          const { data, total, ...version } = await listAssignments(db, caller, request.query, page);
          return { body: reply.serialize(pageEnvelope(request, page, data, total)) as string, ...version };
        }),
      );
    },
  );

  app.get(
    '/assignments/pending',
    {
      schema: {
        operationId: 'listPendingAssignments',
        tags,
        summary: "What waits for the caller: a contributor's invitations, or the submitted solutions a company reviews",
        querystring: PageOnlyQuery,
        response: { 200: Page(Assignment), ...errorResponses(401, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listPendingAssignments(db, callerOf(request), page)),
  );

  app.get(
    '/assignments/:id',
    {
      schema: {
        operationId: 'getAssignment',
        tags,
        summary: 'One assignment, for its contributor or the company that owns the challenge',
        description:
          'Another user who can see the task gets 403; when the task is hidden from them (its challenge is not ' +
          'public), 404.',
        params: IdParams,
        response: { 200: Assignment, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getAssignment(db, callerOf(request), request.params.id),
  );

  app.post(
    '/assignments/:id/accept',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'acceptAssignment',
        tags,
        summary: 'Accept an invitation (invited → accepted)',
        description:
          `Invitee only. ${PARTY_AND_STATUS_RULES} Also 422 when the challenge is archived, or when the contributor already ` +
          'holds an accepted, in-progress or submitted assignment; that body adds `active_assignment_id`.',
        params: IdParams,
        response: { 200: Assignment, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => acceptAssignment(db, callerOf(request), request.params.id),
  );

  app.post(
    '/assignments/:id/reject',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'rejectAssignment',
        tags,
        summary: 'Decline an invitation (invited → declined); the task is matched again',
        description: `Invitee only. ${PARTY_AND_STATUS_RULES} The optional \`reason\` is kept as \`decline_reason\`.`,
        params: IdParams,
        body: RejectBody,
        response: { 200: Assignment, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => rejectAssignment(deps, callerOf(request), request.params.id, request.body.reason ?? null),
  );

  app.post(
    '/assignments/:id/start',
    {
      config: { accountType: 'contributor' },
      schema: {
        operationId: 'startAssignment',
        tags,
        summary: 'Start work (accepted → in_progress); the task and an active challenge move to in_progress',
        description: `Assignee only. ${PARTY_AND_STATUS_RULES}`,
        params: IdParams,
        response: { 200: Assignment, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => startAssignment(db, callerOf(request), request.params.id),
  );

  app.post(
    '/assignments/:id/submit-solution',
    {
      config: { accountType: 'contributor', uploads: { attachments: ATTACHMENTS } },
      schema: {
        operationId: 'submitSolution',
        tags,
        summary: 'Hand in a solution (accepted or in_progress → submitted); answers 303 to the assignment',
        description:
          `Assignee only. ${PARTY_AND_STATUS_RULES} JSON, form or multipart; multipart may carry up to 10 files in ` +
          '`attachments[]`, each at most 10 MB, of PDF, Word, ZIP, PNG, JPEG or plain text (decided from the bytes). ' +
          'Success is `303 See Other` with `Location: /api/assignments/{id}` and no body; failures are JSON.',
        params: IdParams,
        body: SubmitSolutionBody,
        response: {
          303: Type.Unsafe<undefined>({
            type: 'null',
            description: 'See Other: the solution is stored; re-fetch the assignment from `Location`. No body.',
            headers: { Location: { type: 'string', description: 'The assignment: /api/assignments/{id}' } },
          }),
          ...errorResponses(400, 401, 403, 404, 413, 422),
        },
      },
    },
    async (request, reply) => {
      assertUploadsValid(request);
      const { id } = request.params;
      await submitSolution(deps, callerOf(request), id, request.body, uploadsOf(request, 'attachments'));
      return reply.status(303).header('location', `/api/assignments/${id}`).send();
    },
  );

  app.post(
    '/assignments/:id/complete',
    {
      schema: {
        operationId: 'completeAssignment',
        tags,
        summary: 'Approve the work (in_progress or submitted → completed); reputation is awarded',
        description:
          `The owning company only (a contributor gets 403). ${PARTY_AND_STATUS_RULES} \`actual_hours\` defaults to ` +
          "the latest submission's hours and may not exceed the hours submitted (422). The optional `rating` (1–5) " +
          'and `comment` are kept on the assignment and shown to the contributor; the rating weighs the reputation ' +
          'points (3 or none: the plain award; each star above or below: a quarter more or less). The task completes ' +
          'once none of its assignments is still active.',
        params: IdParams,
        body: CompleteBody,
        response: { 200: Assignment, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => completeAssignment(db, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/assignments/:id/request-changes',
    {
      schema: {
        operationId: 'requestAssignmentChanges',
        tags,
        summary: 'Send a submitted solution back for changes (submitted → in_progress), with a note',
        description:
          `The owning company only. ${PARTY_AND_STATUS_RULES} The \`note\` is required: it is kept on the ` +
          'submission sent back (`review_note`, status `revision_requested`) and sent to the contributor, who hands ' +
          'in a new version with submit-solution.',
        params: IdParams,
        body: RequestChangesBody,
        response: { 200: Data(Assignment), ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => ({ data: await requestRevision(db, callerOf(request), request.params.id, request.body.note) }),
  );

  app.get(
    '/assignments/:id/submissions',
    {
      schema: {
        operationId: 'listAssignmentSubmissions',
        tags,
        summary: 'Every version of the solution handed in, newest first; the body adds the hours of all of them',
        description:
          'For the contributor and the owning company (another user who can see the task gets 403; otherwise 404). ' +
          'Each submission is kept as it was handed in, with its attachments, its status (`submitted`, `approved`, ' +
          '`revision_requested`) and the note the company sent it back with. `hours_submitted` sums `hours_worked` ' +
          'over every version: the most a completion may record.',
        params: IdParams,
        querystring: PageOnlyQuery,
        response: {
          200: Page(Submission, { hours_submitted: Type.Number() }, 'SubmissionPage'),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { data, total, hoursSubmitted } = await listSubmissions(db, callerOf(request), request.params.id, page);
      return { ...pageEnvelope(request, page, data, total), hours_submitted: hoursSubmitted };
    },
  );

  app.post(
    '/assignments/:id/withdraw',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'withdrawInvitation',
        tags,
        summary: 'Withdraw an open invitation (invited → declined, withdrawn_at set); the invitee is notified',
        description:
          `The owning company only. ${PARTY_AND_STATUS_RULES} Only an invitation not yet answered can be withdrawn; ` +
          'the assignment becomes `declined` with `withdrawn_at` set and `decline_reason` "The invitation was ' +
          'withdrawn by the company.", and the invitee gets an `invitation_withdrawn` notification. Matching is not ' +
          'run again for the task.',
        params: IdParams,
        response: { 200: Data(Assignment), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await withdrawInvitation(db, callerOf(request), request.params.id) }),
  );
}
