import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { requestRevision } from '../../../modules/assignments/assignments.service.ts';
import { pathId } from '../../components/path-id.ts';
import { companyProfileOrNull } from '../../components/profiles.ts';
import { setFlash } from '../../session.ts';
import { requireCompany } from './company-access.ts';
import { companyProfilePage } from './profile.page.ts';
import { reviewsPage } from './reviews.page.ts';

/**
 * The company's own pages. They read through the module services with the signed-in user as the caller (the API's
 * access rules) and act through the JSON API from the browser, except sending a solution back, which the seed keeps
 * off the API: a CSRF-protected web form. `/dashboard` is dispatched by web.routes.ts to ./dashboard.ts.
 */
export async function companyPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/company/profile', async (request, reply) => {
    const user = requireCompany(request, reply);
    if (!user) return reply;
    return companyProfilePage(request, reply, user, await companyProfileOrNull(deps.db, user));
  });

  app.get('/reviews', async (request, reply) => {
    const user = requireCompany(request, reply);
    if (!user) return reply;
    return reviewsPage(request, reply, deps, user);
  });

  app.post<{ Params: { assignmentId: string }; Body: { note?: unknown } }>(
    '/reviews/:assignmentId/send-back',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      const user = requireCompany(request, reply);
      if (!user) return reply;
      const id = pathId(request.params.assignmentId, 'Assignment');
      const note = typeof request.body?.note === 'string' ? request.body.note : null;
      // The service checks that the caller owns the challenge and that the solution is still waiting for review.
      const assignment = await requestRevision(deps.db, user, id, note);
      setFlash(request, `"${assignment.task.title}" was sent back to ${assignment.volunteer.name} with your note.`);
      return reply.redirect('/reviews', 303);
    },
  );
}
