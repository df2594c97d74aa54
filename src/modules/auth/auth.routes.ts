import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { errorResponses, MessageBody } from '../../http/schemas.ts';
import { revokeAllTokens } from './tokens.service.ts';

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        tags: ['Account'],
        summary: "Revoke every token of the caller's account",
        response: { 200: MessageBody, ...errorResponses(401) },
      },
    },
    async (request) => {
      await revokeAllTokens(deps.db, callerOf(request).id);
      return { message: 'Logged out.' };
    },
  );
}
