import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-handler.ts';

const Liveness = Type.Object(
  {
    status: Type.Literal('ok'),
    dialect: Type.String(),
  },
  { $id: 'Liveness' },
);

const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
    database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
    dialect: Type.String(),
  },
  { $id: 'Readiness' },
);

/**
 * Two checks, as an orchestrator uses them. Liveness (`/health`) says the process serves HTTP and touches nothing
 * else: a database outage must not get the API restarted, since it reconnects by itself. Readiness (`/health/ready`)
 * says whether requests can be served now: it asks the database, and answers 503 with Retry-After while it is away.
 */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/health',
    {
      config: { auth: false },
      schema: {
        operationId: 'getHealth',
        tags: ['Service'],
        summary: 'Liveness: the process answers HTTP (no auth, no database query)',
        security: [],
        response: { 200: Liveness },
      },
    },
    async () => ({ status: 'ok' as const, dialect: deps.dialect }),
  );

  app.get(
    '/health/ready',
    {
      config: { auth: false },
      schema: {
        operationId: 'getReadiness',
        tags: ['Service'],
        summary: 'Readiness: the database answers (no auth); 503 with Retry-After while it cannot be reached',
        security: [],
        response: {
          200: Readiness,
          503: {
            ...Readiness,
            description: 'The database cannot be reached; try again after Retry-After seconds.',
            headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before asking again' } },
          },
        },
      },
    },
    async (_request, reply) => {
      if (await pingDatabase(deps.db)) return { status: 'ok' as const, database: 'ok' as const, dialect: deps.dialect };
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', dialect: deps.dialect });
    },
  );
}
