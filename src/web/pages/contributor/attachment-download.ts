import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { attachmentForParty } from '../../../modules/assignments/submissions.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { sendStoredFile } from '../../../modules/files/send-stored-file.ts';
import { idParam } from '../../components/path-id.ts';

/** Where a submission's attachment downloads: the assignment page and the company's reviews link here. */
export function attachmentUrl(assignmentId: number, attachmentId: number): string {
  return `/assignments/${assignmentId}/attachments/${attachmentId}`;
}

/**
 * `/assignments/{id}/attachments/{attachmentId}`: only the assignment's two parties get the file, whole or one byte
 * range at a time (a large solution can be resumed). The API serves no
 * attachment, so the company reviewing a solution and the contributor who handed it in download it here with their
 * browser session.
 */
export async function attachmentDownload(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const id = idParam(request, 'Assignment');
  const attachment = await attachmentForParty(deps.db, user, id, idParam(request, 'Attachment', 'attachmentId'));
  return sendStoredFile(request, reply, deps.storage, {
    key: attachment.storage_key,
    contentType: attachment.content_type,
    fileName: attachment.file_name,
    cacheControl: 'private, no-store',
    resource: 'Attachment',
  });
}
