import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { completeProfileCall } from '../../components/profile-call.ts';
import { companyProfileOrNull } from '../../components/profiles.ts';
import { html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { challengeForm } from './challenge-form.ts';

/** `/challenges/new`: the submission form; a company without a profile is asked to complete it first (as the API). */
export async function newChallengePage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const profile = await companyProfileOrNull(deps.db, user);
  return sendPage(request, reply, {
    title: 'Submit a challenge',
    width: 'narrow',
    body: html`<h1>Submit a challenge</h1>
${
  profile
    ? html`<p class="lead">Describe the problem in your own words. Guild analyses the brief, scores it, and splits it into
workstreams and tasks; contributors whose skills fit are invited to them. You can change the brief while it is being
analysed.</p>
${challengeForm(null)}`
    : completeProfileCall('Challenges are submitted by a company with a profile.')
}`,
  });
}
