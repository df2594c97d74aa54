import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { AuthUser } from '../modules/auth/tokens.service.ts';
import { formPostHooks } from './csrf.ts';
import { type Guard, guardedUser } from './guards.ts';

/** A page anyone may open (the home page, sign-in). */
type PublicPage = (request: FastifyRequest, reply: FastifyReply, deps: AppDeps) => unknown;
/** A page behind a guard: it gets the signed-in user the guard let through. */
type UserPage = (request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) => unknown;

type Method = 'GET' | 'POST';

/** One line of the route table: URL → page → guard. */
export type PageRoute =
  | { method: Method; url: string; guard: 'public'; page: PublicPage }
  | { method: Method; url: string; guard: Exclude<Guard, 'public'>; page: UserPage };

/**
 * The Fastify plugin of one area of the route table. Every POST is a web form and checks its CSRF token; the guard
 * travels in `config.guard`, where the web app's preHandler hook (guards.ts) checks it before the page runs.
 */
export function pageArea(routes: readonly PageRoute[]) {
  return async function area(app: FastifyInstance, deps: AppDeps): Promise<void> {
    for (const route of routes) {
      app.route({
        method: route.method,
        url: route.url,
        config: { guard: route.guard },
        // Before the guard (a preHandler hook): a post without this site's form is refused as such, signed in or not;
        // what can be checked without the body, before it is read (csrf.ts).
        ...(route.method === 'POST' ? formPostHooks(app) : {}),
        handler: async (request, reply) =>
          route.guard === 'public'
            ? route.page(request, reply, deps)
            : route.page(request, reply, deps, guardedUser(request)),
      });
    }
  };
}
