import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../../http/auth.ts';
import { errorResponses, Timestamp } from '../../http/schemas.ts';
import { currentUser } from './users.service.ts';

const CurrentUser = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    account_type: Type.Union([Type.Literal('company'), Type.Literal('contributor')]),
    is_active: Type.Boolean(),
    created_at: Timestamp,
  },
  { $id: 'CurrentUser' },
);

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/user',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags: ['Account'],
        summary: "The caller's account, with email and account type",
        response: { 200: CurrentUser, ...errorResponses(401) },
      },
    },
    async (request) => currentUser(callerOf(request)),
  );
}
