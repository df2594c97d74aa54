import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

/** The company's home: its challenges and what needs its attention. (Extended by the company pages.) */
export async function companyDashboard(request: FastifyRequest, reply: FastifyReply, _deps: AppDeps, user: AuthUser) {
  return sendPage(request, reply, {
    title: 'Dashboard',
    body: html`<h1>Welcome, ${user.name}</h1><p><a class="button" href="/challenges/new">Submit a challenge</a></p>`,
  });
}
