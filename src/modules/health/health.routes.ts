import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  dialect: Type.String(),
});

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/health',
    {
      config: { auth: false },
      schema: {
        tags: ['Service'],
        summary: 'Liveness and database reachability (no auth)',
        security: [],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(deps.db);
        return { status: 'ok', database: 'ok', dialect: deps.dialect };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'unreachable', dialect: deps.dialect });
      }
    },
  );
}
