import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../modules/auth/tokens.service.ts';
import { html } from '../html.ts';
import { sendPage } from '../layout.ts';
import { companyDashboard } from './company/dashboard.ts';
import { contributorDashboard } from './contributor/dashboard.ts';

/** `/`: what Guild is, for visitors; a signed-in person goes to their dashboard. */
export function homePage(request: FastifyRequest, reply: FastifyReply) {
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
}

/** `/dashboard`: each account type has its own (company/dashboard.ts, contributor/dashboard.ts). */
export function dashboardPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  return user.account_type === 'company'
    ? companyDashboard(request, reply, deps, user)
    : contributorDashboard(request, reply, deps, user);
}
