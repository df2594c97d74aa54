import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { Data, errorResponses, IdParams, Page } from '../../http/schemas.ts';
import { assertUploadsValid, MiB, type UploadRule, uploadsOf } from '../../http/uploads.ts';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { cvOfVolunteerForCompany, getPublicProfile, searchVolunteers } from './people.service.ts';
import { editSkills } from './volunteer-skills.service.ts';
import {
  CompleteVolunteerProfileBody,
  EditSkillsBody,
  PublicVolunteerProfile,
  UpdateVolunteerProfileBody,
  VolunteerCard,
  VolunteerProfile,
  VolunteerSearchQuery,
} from './volunteers.schemas.ts';
import {
  completeVolunteerProfile,
  currentCvOf,
  getVolunteerProfile,
  updateVolunteerProfile,
  uploadCv,
} from './volunteers.service.ts';

const CV_UPLOAD: UploadRule = {
  maxBytes: 10 * MiB,
  kinds: ['pdf', 'doc', 'docx'],
  label: 'PDF, DOC or DOCX file',
  noun: 'your CV',
  required: true,
};

const tags = ['Contributor profile'];
const peopleTags = ['People'];

/** A CV download: the file, or one byte range of it. */
const CV_FILE_RESPONSES = {
  200: {
    description: 'The CV',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  206: {
    description: 'One byte range of the CV',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  ...errorResponses(401, 403, 404, 416, 503),
};
const contributorsOnly = { accountType: 'contributor' } as const;

/** PUT profile takes no CV, as JSON, form or file (docs/contract.md §4); say where it goes instead. */
async function refuseCv(request: FastifyRequest): Promise<void> {
  const body = request.body;
  const cvInBody = typeof body === 'object' && body !== null && 'cv' in body;
  if (cvInBody || request.ignoredFileFields.includes('cv')) {
    throw AppError.field('cv', 'The cv cannot be sent here. Upload it with POST /api/volunteers/upload-cv.');
  }
}

export async function volunteersRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.post(
    '/volunteers/complete-profile',
    {
      config: contributorsOnly,
      schema: {
        operationId: 'completeContributorProfile',
        tags,
        summary: "Create the caller's contributor profile (once)",
        description: 'Awards 10 reputation points. A second call answers 422.',
        body: CompleteVolunteerProfileBody,
        response: { 201: VolunteerProfile, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      const profile = await completeVolunteerProfile(db, callerOf(request), request.body);
      return reply.status(201).send(profile);
    },
  );

  app.get(
    '/volunteers/profile',
    {
      config: contributorsOnly,
      schema: {
        operationId: 'getContributorProfile',
        tags,
        summary: "The caller's contributor profile with skills, statistics and CV",
        response: { 200: VolunteerProfile, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getVolunteerProfile(db, callerOf(request)),
  );

  app.get(
    '/volunteers/profile/cv',
    {
      config: contributorsOnly,
      schema: {
        tags,
        operationId: 'downloadCv',
        summary: "Download the caller's current CV",
        description:
          'The file as uploaded, with its type (application/pdf, application/msword or the .docx type) and its ' +
          'upload name in `Content-Disposition`. Honours one byte range (`Range: bytes=…`: 206, or 416 past the end).',
        response: CV_FILE_RESPONSES,
      },
    },
    async (request, reply) => {
      const cv = await currentCvOf(db, callerOf(request));
      return sendStoredFile(request, reply, deps.storage, { ...cv, cacheControl: 'private, no-store', resource: 'CV' });
    },
  );

  app.put(
    '/volunteers/profile',
    {
      config: contributorsOnly,
      preValidation: refuseCv,
      schema: {
        operationId: 'updateContributorProfile',
        tags,
        summary: "Change the caller's contributor profile; absent fields keep their values",
        description: 'A `cv` here is a 422: CVs go to `POST /api/volunteers/upload-cv`.',
        body: UpdateVolunteerProfileBody,
        response: { 200: VolunteerProfile, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => updateVolunteerProfile(db, callerOf(request), request.body),
  );

  app.patch(
    '/volunteers/profile/skills',
    {
      config: contributorsOnly,
      schema: {
        operationId: 'editContributorSkills',
        tags,
        summary: "Correct the caller's skills: remove wrong ones, add missing ones with a level",
        description:
          'Names are skill names or aliases of the skill list, any case. Removed skills stay off the profile ' +
          'through later CV analyses; added (or re-levelled) skills become `manual` and stay too, a CV skill ' +
          'keeping its evidence. The feed of available tasks follows at once. An unknown name, a removal of a ' +
          'skill not listed, or one skill both added and removed is a 422 and changes nothing. Answers the profile.',
        body: EditSkillsBody,
        response: { 200: VolunteerProfile, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => editSkills(deps, callerOf(request), request.body ?? {}),
  );

  app.post(
    '/volunteers/upload-cv',
    {
      config: { ...contributorsOnly, uploads: { cv: CV_UPLOAD } },
      schema: {
        operationId: 'uploadCv',
        tags,
        summary: "Upload or replace the caller's CV and queue it for AI analysis",
        description:
          'multipart/form-data with one file in `cv`: PDF, Word .doc or .docx as decided from its bytes, at most ' +
          '10 MB. Replaces the previous CV, sets `ai_analysis_status` to `pending` and queues the analysis; the ' +
          'first CV ever awards 20 reputation points.',
        response: { 200: VolunteerProfile, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => {
      assertUploadsValid(request);
      const [cv] = uploadsOf(request, 'cv');
      return uploadCv(deps, callerOf(request), cv, request.log);
    },
  );

  // ---- Contributors as others see them (issue 12, item 2; docs/api.md, People) ----

  app.get(
    '/volunteers',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'searchContributors',
        tags: peopleTags,
        summary: 'Find people: contributors holding a skill at a level or above, best hold first',
        description:
          'Companies only. `skill` is a skill name or alias (case-insensitive); holding a narrower skill counts ' +
          '("PostgreSQL" for "SQL"). Skills count as matching counts them: added by hand, or from a CV analysis that ' +
          'passed validation. Ordered by the best proficiency held, then reputation. A skill Guild does not know is ' +
          'a 422 on `skill`. Each item is a profile card whose `skills` are the holds on the skill searched for.',
        querystring: VolunteerSearchQuery,
        response: { 200: Page(VolunteerCard), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => pageResponse(request, (page) => searchVolunteers(db, request.query, page)),
  );

  app.get(
    '/volunteers/:id',
    {
      schema: {
        operationId: 'getContributor',
        tags: peopleTags,
        summary: "A contributor's full profile, as other signed-in users see it",
        description:
          'Any signed-in user. `contact` (the e-mail) and `cv` are shown to the contributor themself, and to a ' +
          'company while the contributor holds an open invitation or an accepted, in-progress or submitted ' +
          'assignment on one of its tasks; otherwise they are null. A deactivated account is a 404.',
        params: IdParams,
        response: { 200: Data(PublicVolunteerProfile), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await getPublicProfile(db, callerOf(request), request.params.id) }),
  );

  app.get(
    '/volunteers/:id/cv',
    {
      config: { accountType: 'company' },
      schema: {
        tags: peopleTags,
        operationId: 'downloadContributorCv',
        summary: "Download a contributor's CV, while they are invited to or assigned on one of the caller's tasks",
        description:
          'Companies only (contributors download their own with GET /api/volunteers/profile/cv). 403 unless the ' +
          'contributor holds an open invitation or an accepted, in-progress or submitted assignment on a task of ' +
          "the caller's challenges; 404 for an unknown contributor or one without a CV. The file as uploaded, like " +
          'GET /api/volunteers/profile/cv, with one byte range honoured.',
        params: IdParams,
        response: CV_FILE_RESPONSES,
      },
    },
    async (request, reply) => {
      const cv = await cvOfVolunteerForCompany(db, callerOf(request), request.params.id);
      return sendStoredFile(request, reply, deps.storage, { ...cv, cacheControl: 'private, no-store', resource: 'CV' });
    },
  );
}
