import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { linkedinSignIn } from './auth/linkedin.ts';
import { checkPageGuard } from './guards.ts';
import { pageArea } from './page-area.ts';
import { WEB_ROUTES } from './routes.ts';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

/**
 * The web app: what docs/contract.md §5 keeps off the API (sign-in, registration, teams) and pages for the whole
 * lifecycle. The pages are the route table (routes.ts), one plugin per area; one hook checks each page's guard.
 */
export async function webRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(fastifyStatic, { root: ASSETS, prefix: '/assets/', maxAge: '1h', index: false });
  app.addHook('preHandler', checkPageGuard);
  await app.register(linkedinSignIn, deps);
  for (const routes of Object.values(WEB_ROUTES)) await app.register(pageArea(routes), deps);
}
