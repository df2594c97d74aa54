import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

/** The contributor's home: invitations, the active task, and matching work. (Extended by the contributor pages.) */
export async function contributorDashboard(
  request: FastifyRequest,
  reply: FastifyReply,
  _deps: AppDeps,
  user: AuthUser,
) {
  return sendPage(request, reply, {
    title: 'Dashboard',
    body: html`<h1>Welcome, ${user.name}</h1><p><a class="button" href="/tasks/available">Find tasks</a></p>`,
  });
}
