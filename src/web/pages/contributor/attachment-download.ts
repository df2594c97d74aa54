import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { attachmentForParty } from '../../../modules/assignments/submissions.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { idParam } from '../../components/path-id.ts';

/** Where a submission's attachment downloads: the assignment page and the company's reviews link here. */
export function attachmentUrl(assignmentId: number, attachmentId: number): string {
  return `/assignments/${assignmentId}/attachments/${attachmentId}`;
}

/** `filename="…"` for any name: quotes and non-ASCII go in the RFC 5987 `filename*` form, with an ASCII fallback. */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `/assignments/{id}/attachments/{attachmentId}`: only the assignment's two parties get the file. The API serves no
 * attachment, so the company reviewing a solution and the contributor who handed it in download it here with their
 * browser session.
 */
export async function attachmentDownload(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const id = idParam(request, 'Assignment');
  const attachment = await attachmentForParty(deps.db, user, id, idParam(request, 'Attachment', 'attachmentId'));
  return reply
    .header('content-type', attachment.content_type)
    .header('content-length', attachment.size)
    .header('content-disposition', contentDisposition(attachment.file_name))
    .header('cache-control', 'private, no-store')
    .send(deps.storage.read(attachment.storage_key));
}
