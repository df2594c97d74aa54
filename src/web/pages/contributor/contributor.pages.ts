import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { getAssignment } from '../../../modules/assignments/assignments.service.ts';
import { pathId } from '../../components/path-id.ts';
import { contributorProfileOrNull } from '../../components/profiles.ts';
import { requireWebUser } from '../../session.ts';
import { assignmentPage } from './assignment.page.ts';
import { assignmentsPage } from './assignments.page.ts';
import { availableTasksPage } from './available-tasks.page.ts';
import { requireContributor } from './contributor-access.ts';
import { profilePage } from './profile.page.ts';

/**
 * The contributor's pages. They read through the module services with the signed-in user as the caller (the API's
 * access rules) and act through the JSON API from the browser (`data-api` forms). `/dashboard` is dispatched by
 * web.routes.ts to ./dashboard.ts.
 */
export async function contributorPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/profile', async (request, reply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    return profilePage(request, reply, user, await contributorProfileOrNull(deps.db, user));
  });

  app.get('/tasks/available', async (request, reply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    return availableTasksPage(request, reply, deps, user);
  });

  app.get('/assignments', async (request, reply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    return assignmentsPage(request, reply, deps, user);
  });

  app.get<{ Params: { id: string } }>('/assignments/:id', async (request, reply) => {
    const user = requireWebUser(request, reply);
    if (!user) return reply;
    const id = pathId(request.params.id, 'Assignment');
    if (user.account_type === 'company') {
      // Notifications send both parties to /assignments/{id}; the owning company handles it on its own pages.
      // Any other company gets the API's answer (403, or 404 when the task is hidden from it) as a page.
      const assignment = await getAssignment(deps.db, user, id);
      const target = assignment.status === 'submitted' ? '/reviews' : `/challenges/${assignment.task.challenge_id}`;
      return reply.redirect(target, 303);
    }
    return assignmentPage(request, reply, deps, user, id);
  });
}
