import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebUser } from '../../session.ts';
import { notificationsPage } from './notifications.page.ts';

/** `/notifications`, for both account types; each user only ever sees their own (the service reads by the caller). */
export async function notificationsPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/notifications', async (request, reply) => {
    const user = requireWebUser(request, reply);
    if (!user) return reply;
    return notificationsPage(request, reply, deps, user);
  });
}
