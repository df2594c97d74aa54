import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { callerOf } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import { assertUploadsValid, MiB, type UploadRule, uploadsOf, whatToSend } from '../../http/uploads.ts';
import { LOGO_KINDS } from '../files/logo-files.ts';
import { CompanyProfile, CompleteCompanyProfileBody, UpdateCompanyProfileBody } from './companies.schemas.ts';
import { completeCompanyProfile, getCompanyProfile, updateCompanyProfile } from './companies.service.ts';

const LOGO_UPLOAD: UploadRule = {
  maxBytes: 2 * MiB,
  kinds: LOGO_KINDS,
  label: 'JPEG, PNG or GIF image',
  noun: 'your logo',
};

const tags = ['Company profile'];
/** The profile writes: company accounts, with an optional logo file. */
const companyWithLogo = { accountType: 'company', uploads: { logo: LOGO_UPLOAD } } as const;

const FORMATS =
  'JSON, a form, or multipart/form-data when a `logo` file (JPEG, PNG or GIF by its bytes, at most 2 MB) is sent. ' +
  '`logo_url` is a path on this service (`/files/logos/<name>`) that a browser opens without a token.';

/** A logo is a file part; as a text value it can only be empty (null), which removes it. */
async function refuseTextLogo(request: FastifyRequest): Promise<void> {
  const logo = (request.body as Record<string, unknown> | undefined)?.logo;
  if (logo !== undefined && logo !== null) {
    throw AppError.field(
      'logo',
      `The logo must be sent as a file (multipart/form-data), not as text. ${whatToSend(LOGO_UPLOAD)}`,
    );
  }
}

export async function companiesRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const change = (request: FastifyRequest) => {
    assertUploadsValid(request);
    return { deps, caller: callerOf(request), logo: uploadsOf(request, 'logo')[0], log: request.log };
  };

  app.post(
    '/companies/complete-profile',
    {
      config: companyWithLogo,
      preValidation: refuseTextLogo,
      schema: {
        operationId: 'completeCompanyProfile',
        tags,
        summary: "Create the caller's company profile (once)",
        description: `${FORMATS} A second call answers 422.`,
        body: CompleteCompanyProfileBody,
        response: { 201: CompanyProfile, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      const profile = await completeCompanyProfile(change(request), request.body);
      return reply.status(201).send(profile);
    },
  );

  app.get(
    '/companies/profile',
    {
      config: { accountType: 'company' },
      schema: {
        operationId: 'getCompanyProfile',
        tags,
        summary: "The caller's company profile with all its challenges, newest first",
        response: { 200: CompanyProfile, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getCompanyProfile(deps.db, callerOf(request)),
  );

  app.put(
    '/companies/profile',
    {
      config: companyWithLogo,
      preValidation: refuseTextLogo,
      schema: {
        operationId: 'updateCompanyProfile',
        tags,
        summary: "Change the caller's company profile; absent fields keep their values",
        description: `${FORMATS} A new logo replaces the old one; \`logo: null\` removes it.`,
        body: UpdateCompanyProfileBody,
        response: { 200: CompanyProfile, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    (request) => updateCompanyProfile(change(request), request.body),
  );
}
