import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from './html.ts';
import { sendPage } from './layout.ts';

const TITLES: Record<number, string> = {
  400: 'That request could not be read',
  403: 'You cannot do that',
  404: 'Page not found',
  422: 'Please check what you entered',
  429: 'Too many attempts',
  500: 'Something went wrong on our side',
};

/** Error pages that say what happened and where to go next; 500s never show internals. */
export function renderErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const title = TITLES[status] ?? 'Something went wrong';
  const detail =
    status === 500
      ? `The problem has been logged (reference ${request.id}). Please try again in a moment.`
      : status === 404
        ? 'The page you asked for does not exist, or you do not have access to it.'
        : message;
  return sendPage(request, reply, {
    title,
    status,
    width: 'narrow',
    body: html`<h1>${title}</h1><p>${detail}</p><p><a href="${request.webUser ? '/dashboard' : '/'}">Go to ${request.webUser ? 'your dashboard' : 'the home page'}</a></p>`,
  });
}
