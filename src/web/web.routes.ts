import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { authPages } from './auth/auth.pages.ts';
import { html } from './html.ts';
import { sendPage } from './layout.ts';
import { challengePages } from './pages/challenges/challenges.pages.ts';
import { communityPages } from './pages/community/community.pages.ts';
import { companyPages } from './pages/company/company.pages.ts';
import { companyDashboard } from './pages/company/dashboard.ts';
import { contributorPages } from './pages/contributor/contributor.pages.ts';
import { contributorDashboard } from './pages/contributor/dashboard.ts';
import { notificationsPages } from './pages/notifications/notifications.pages.ts';
import { teamsPages } from './pages/teams/teams.pages.ts';
import { requireWebUser } from './session.ts';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

/**
 * The web app: what docs/contract.md §5 keeps off the API (sign-in, registration, teams) and pages for the whole
 * lifecycle.
 */
export async function webRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(fastifyStatic, { root: ASSETS, prefix: '/assets/', maxAge: '1h', index: false });
  await app.register(authPages, deps);
  await app.register(contributorPages, deps);
  await app.register(companyPages, deps);
  await app.register(challengePages, deps);
  await app.register(teamsPages, deps);
  await app.register(notificationsPages, deps);
  await app.register(communityPages, deps);

  app.get('/', async (request, reply) => {
    if (request.webUser) return reply.redirect('/dashboard', 303);
    return sendPage(request, reply, {
      title: 'Welcome',
      body: html`<section class="hero">
  <h1>Real challenges, solved by skilled people</h1>
  <p>Companies post a brief; Guild analyses it, turns it into workstreams and tasks, and invites contributors whose
  skills fit. Community challenges collect ideas that are scored and voted on.</p>
  <p><a class="button" href="/register">Create an account</a> <a class="button secondary" href="/login">Sign in</a></p>
</section>`,
    });
  });

  app.get('/dashboard', async (request, reply) => {
    const user = requireWebUser(request, reply);
    if (!user) return reply;
    return user.account_type === 'company'
      ? companyDashboard(request, reply, deps, user)
      : contributorDashboard(request, reply, deps, user);
  });
}
