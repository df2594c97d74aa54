import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { metricsAccess } from './metrics-access.ts';
import { runWithRequestId } from './request-context.ts';

/**
 * The observability of the HTTP application: every response is timed into the metrics under its route pattern,
 * handlers run with their request id at hand (so the jobs they queue carry it), and `GET /metrics` serves the
 * Prometheus text to the holder of METRICS_TOKEN. Not under /api and not in the OpenAPI document: it is for the
 * operator's scraper, not for clients. Installed on the root instance before the routes, so its hooks see them all.
 */
export function installObservability(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onResponse', async (request, reply) => {
    deps.metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  // A stopping process asks each client to close its connection after the answer, so that keep-alive clients open
  // their next one elsewhere (or are refused once the listener closed) instead of losing a request on a cut socket.
  app.addHook('onRequest', async (_request, reply) => {
    if (deps.lifecycle.stopping) reply.header('connection', 'close');
  });
  // The last hook before the handler: the body is read by then, and everything the handler awaits keeps the id.
  app.addHook('preHandler', (request, _reply, done) => runWithRequestId(request.id, done));

  app.get('/metrics', { config: { auth: false } }, async (request, reply) => {
    const access = metricsAccess(deps.config.metrics.token, request.headers.authorization);
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    if (access === 'off') return reply.code(404).send('Metrics are off: set METRICS_TOKEN to serve them.\n');
    if (access === 'unauthorized') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send('Metrics need Authorization: Bearer <METRICS_TOKEN>.\n');
    }
    const { contentType, body } = await deps.metrics.render();
    return reply.type(contentType).send(body);
  });
}
