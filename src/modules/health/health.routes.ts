import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-handler.ts';
import { checkReadiness } from './readiness.ts';

const Liveness = Type.Object(
  {
    status: Type.Literal('ok'),
    dialect: Type.String(),
  },
  { $id: 'Liveness' },
);

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('failed')], {
  description: '`failed`: the check threw or did not answer within 3 s (the reason is in the log)',
});

const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('stopping')], {
      description:
        '`ok` when every check passed; `stopping` once the process received SIGTERM, whatever the checks say',
    }),
    checks: Type.Object({
      database: CheckState,
      queue: CheckState,
      storage: CheckState,
    }),
    dialect: Type.String(),
  },
  { $id: 'Readiness' },
);

/**
 * Two checks, as an orchestrator uses them. Liveness (`/health`) says the process serves HTTP and touches nothing
 * else: a database outage must not get the API restarted, since it reconnects by itself. Readiness (`/health/ready`)
 * says whether this process should get requests now: the database, the job queue and the object store each answer,
 * and the process is not stopping. A failed check is a 503 with Retry-After; a stopping process is a 503 without
 * one (it will not come back).
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
        summary:
          'Readiness: the database, the job queue and the object store answer, and the process is not stopping (no ' +
          'auth); 503 naming the failed checks otherwise',
        security: [],
        response: {
          200: Readiness,
          503: {
            ...Readiness,
            description:
              'A check failed (try again after Retry-After seconds), or the process is stopping (no Retry-After).',
            headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before asking again' } },
          },
        },
      },
    },
    async (request, reply) => {
      const checks = await checkReadiness(deps, request.log);
      const failed = Object.values(checks).includes('failed');
      const status = deps.lifecycle.stopping ? 'stopping' : failed ? 'unavailable' : 'ok';
      if (status === 'ok') return { status, checks, dialect: deps.dialect };
      if (status === 'unavailable') reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status, checks, dialect: deps.dialect });
    },
  );
}
