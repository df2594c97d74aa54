import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { callerOf } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import { assertUploadsValid, MiB, type UploadRule, uploadsOf } from '../../http/uploads.ts';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { CompleteVolunteerProfileBody, UpdateVolunteerProfileBody, VolunteerProfile } from './volunteers.schemas.ts';
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
  label: 'pdf, doc, docx',
  required: true,
};

const tags = ['Contributor profile'];
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
        response: {
          200: {
            description: 'The CV',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          206: {
            description: 'One byte range of the CV',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(401, 403, 404, 416, 503),
        },
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
}
