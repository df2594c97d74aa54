import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from '../app-deps.ts';
import type { JobLogger } from '../jobs/job-queue.ts';
import { metricsAccess } from './metrics-access.ts';

/**
 * A worker process serves no HTTP, so its metrics (job runs, analyses, queue depth, pool, process) get a listener of
 * their own: `GET /metrics` on METRICS_PORT (on HOST), under the same METRICS_TOKEN rule as the API's. Started only
 * when both are set; anything but `GET /metrics` is a 404. Resolves with the server, or null when not started.
 */
export async function serveWorkerMetrics(deps: AppDeps, log: JobLogger): Promise<http.Server | null> {
  const { token, port } = deps.config.metrics;
  if (token === null || port === null) return null;
  const server = http.createServer((request, response) => {
    void answer(deps, request, response).catch((error) => {
      log.error({ err: error }, 'could not serve the metrics');
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, deps.config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  log.info({ address: `http://${address.address}:${address.port}/metrics` }, 'worker metrics listening');
  return server;
}

async function answer(deps: AppDeps, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const path = (request.url ?? '').split('?', 1)[0];
  if (request.method !== 'GET' || path !== '/metrics') {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
    return;
  }
  const access = metricsAccess(deps.config.metrics.token, request.headers.authorization);
  if (access !== 'allowed') {
    response
      .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' })
      .end('Metrics need Authorization: Bearer <METRICS_TOKEN>.\n');
    return;
  }
  const { contentType, body } = await deps.metrics.render();
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}
