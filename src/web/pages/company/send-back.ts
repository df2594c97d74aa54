import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { requestRevision } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { idParam } from '../../components/path-id.ts';
import { setFlash } from '../../session.ts';

/**
 * `POST /reviews/{assignmentId}/send-back`: sending a solution back with a note, which docs/contract.md §4 keeps off
 * the API (a CSRF-protected web form on the reviews page), then back to the reviews with a flash.
 */
export async function sendBack(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const id = idParam(request, 'Assignment', 'assignmentId');
  const body = request.body as { note?: unknown } | undefined;
  const note = typeof body?.note === 'string' ? body.note : null;
  // The service checks that the caller owns the challenge and that the solution is still waiting for review.
  const assignment = await requestRevision(deps.db, user, id, note);
  setFlash(request, `"${assignment.task.title}" was sent back to ${assignment.volunteer.name} with your note.`);
  return reply.redirect('/reviews', 303);
}
