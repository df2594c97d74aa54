import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { requireContributor } from '../contributor/contributor-access.ts';
import { myIdeasPage } from './my-ideas.page.ts';

/** `/ideas` for contributors; the ideas of a challenge are a section of `/challenges/{id}` (./ideas-section.ts). */
export async function communityPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/ideas', async (request, reply) => {
    const user = requireContributor(request, reply);
    if (!user) return reply;
    return myIdeasPage(request, reply, deps, user);
  });
}
