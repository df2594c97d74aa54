import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { attachmentForParty } from '../../../modules/assignments/submissions.service.ts';
import { pathId } from '../../components/path-id.ts';
import { requireWebUser } from '../../session.ts';
import { requireCompany } from '../company/company-access.ts';
import { challengePage } from './detail.page.ts';
import { challengesListPage } from './list.page.ts';
import { newChallengePage } from './new.page.ts';

/** `filename="…"` for any name: quotes and non-ASCII go in the RFC 5987 `filename*` form, with an ASCII fallback. */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The challenge pages (both account types, with the API's visibility) and the download of a submission's
 * attachments, which only the assignment's two parties get: the API serves no attachment, so the company reviewing a
 * solution and the contributor who handed it in download it here with their browser session.
 */
export async function challengePages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/challenges', async (request, reply) => {
    const user = requireWebUser(request, reply);
    if (!user) return reply;
    return challengesListPage(request, reply, deps, user);
  });

  app.get('/challenges/new', async (request, reply) => {
    const user = requireCompany(request, reply);
    if (!user) return reply;
    return newChallengePage(request, reply, deps, user);
  });

  app.get<{ Params: { id: string } }>('/challenges/:id', async (request, reply) => {
    const user = requireWebUser(request, reply);
    if (!user) return reply;
    return challengePage(request, reply, deps, user, pathId(request.params.id, 'Challenge'));
  });

  app.get<{ Params: { id: string; attachmentId: string } }>(
    '/assignments/:id/attachments/:attachmentId',
    async (request, reply) => {
      const user = requireWebUser(request, reply);
      if (!user) return reply;
      const id = pathId(request.params.id, 'Assignment');
      const attachment = await attachmentForParty(deps.db, user, id, pathId(request.params.attachmentId, 'Attachment'));
      return reply
        .header('content-type', attachment.content_type)
        .header('content-length', attachment.size)
        .header('content-disposition', contentDisposition(attachment.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(deps.storage.read(attachment.storage_key));
    },
  );
}
