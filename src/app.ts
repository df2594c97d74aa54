import crypto from 'node:crypto';
import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import type { AppDeps } from './app-deps.ts';
import { installBearerAuth } from './http/auth.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installOpenApi } from './http/openapi.ts';
import { installPageLinks } from './http/pagination.ts';
import { installAuthRateLimit } from './http/rate-limit.ts';
import { serializeRequest } from './http/request-log.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installUploads } from './http/uploads.ts';
import { coerceFormBody, installValidators, normalizeBody } from './http/validation.ts';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { challengeMessagesRoutes } from './modules/challenge-messages/challenge-messages.routes.ts';
import { challengesRoutes } from './modules/challenges/challenges.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { contestsRoutes } from './modules/contests/contests.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ideaCommentsRoutes } from './modules/idea-comments/idea-comments.routes.ts';
import { ideasRoutes } from './modules/ideas/ideas.routes.ts';
import { installIdempotency } from './modules/idempotency/idempotency.hooks.ts';
import { matchingRoutes } from './modules/matching/matching.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { taskInterestsRoutes } from './modules/tasks/task-interests.routes.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { volunteersRoutes } from './modules/volunteers/volunteers.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { workstreamsRoutes } from './modules/workstreams/workstreams.routes.ts';
import { installObservability } from './observability/observability.ts';
import { renderErrorPage } from './web/error-page.ts';
import { installWebSession } from './web/session.ts';
import { webRoutes } from './web/web.routes.ts';

/** Builds the whole HTTP application on the given dependencies. It never listens; entry points and tests do. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequest },
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests on connections still open while the app closes are served, not refused with 503 (src/shutdown.ts).
    return503OnClosing: false,
  });

  installValidators(app);
  installObservability(app, deps);
  installErrorHandler(app, renderErrorPage);
  installSecurityHeaders(app, deps.config.appUrl);
  installPageLinks(app, deps.config.appUrl);
  installJsonParser(app);
  await app.register(formbody);
  await installUploads(app, path.join(deps.config.dataDir, 'tmp'));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preValidation', async (request) => {
    normalizeBody(request);
    if (!request.headers['content-type']?.startsWith('application/json')) coerceFormBody(request);
  });
  installBearerAuth(app, deps.db);
  // After the bearer hook, the uploads plugin and the body normalisation above: it reads the caller and the body.
  installIdempotency(app, deps.db);
  await installWebSession(app, deps);
  await installAuthRateLimit(app, deps.config.authRateLimit);

  await installOpenApi(app, deps.config);

  await app.register(
    async (api) => {
      for (const routes of [
        healthRoutes,
        usersRoutes,
        authRoutes,
        volunteersRoutes,
        companiesRoutes,
        challengesRoutes,
        tasksRoutes,
        taskInterestsRoutes,
        workstreamsRoutes,
        assignmentsRoutes,
        matchingRoutes,
        teamsRoutes,
        challengeMessagesRoutes,
        notificationsRoutes,
        ideasRoutes,
        ideaCommentsRoutes,
        contestsRoutes,
        webhooksRoutes,
      ]) {
        await api.register(routes, deps);
      }
      api.get(
        '/openapi.json',
        {
          config: { auth: false },
          schema: {
            operationId: 'getOpenApiDocument',
            tags: ['Service'],
            summary: 'This OpenAPI document (no auth); /docs renders it',
            security: [],
            response: {
              200: {
                $id: 'OpenApiDocument',
                type: 'object',
                additionalProperties: true,
                description: 'OpenAPI 3.1 document',
              },
            },
          },
        },
        () => app.swagger(),
      );
    },
    { prefix: '/api' },
  );
  await app.register(filesRoutes, deps);
  await app.register(webRoutes, deps);

  return app;
}

/**
 * JSON bodies: an empty body is no body (clients send `Content-Type: application/json` on bodiless POSTs), and
 * `__proto__`/`constructor` keys are refused rather than merged.
 */
function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });
}
