import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/schemas.ts';
import { LOGO_NAME_PATTERN, logoFileOf } from './logo-files.ts';
import { sendStoredFile } from './send-stored-file.ts';

/** A logo's name never changes meaning (a new logo gets a new name), so browsers and proxies may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Public files, outside /api and without a token: company logos only. The name must match the logo pattern exactly
 * (anything else, including `..` or another folder, is a 404), and only the `logos/` prefix of storage is read.
 */
export async function filesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Typed by hand: the reply is a stream, which the schema-derived reply type (from the JSON error body) cannot say.
  app.get<{ Params: { name: string } }>(
    '/files/logos/:name',
    {
      config: { auth: false },
      schema: {
        operationId: 'getCompanyLogo',
        tags: ['Files'],
        summary: 'A company logo, as linked by `logo_url` (no token needed)',
        security: [],
        params: Type.Object({ name: Type.String({ pattern: LOGO_NAME_PATTERN }) }),
        response: {
          200: {
            description: 'The image, as image/png, image/jpeg or image/gif',
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          },
          206: {
            description: 'One byte range of the image (`Range: bytes=…`)',
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(404, 416, 503),
        },
      },
    },
    async (request, reply) => {
      const file = logoFileOf(request.params.name);
      if (!file) throw AppError.notFound('Logo');
      return sendStoredFile(request, reply, deps.storage, { ...file, cacheControl: IMMUTABLE, resource: 'Logo' });
    },
  );
}
