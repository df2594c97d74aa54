import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

/**
 * Runs `action` and returns the log lines the app wrote meanwhile: the app's pino logger (and the request loggers,
 * its children, which inherit it) writes to a stream held under the `pino.stream` symbol; it is swapped for a
 * collector for the time of the action. The app must log at `info` (LOG_LEVEL) for request lines.
 */
export async function captureLog(app: FastifyInstance, action: () => Promise<unknown>): Promise<string[]> {
  const logger = app.log as unknown as Record<symbol, unknown>;
  const streamKey = Object.getOwnPropertySymbols(logger).find((key) => key.description === 'pino.stream');
  assert.ok(streamKey, 'the logger is pino');
  const original = logger[streamKey];
  const written: string[] = [];
  logger[streamKey] = { write: (chunk: string) => written.push(chunk) };
  try {
    await action();
  } finally {
    logger[streamKey] = original;
  }
  return written.join('').split('\n').filter(Boolean);
}

/** The `req` of the "incoming request" line the action logged (src/http/request-log.ts), parsed. */
export async function loggedRequest(
  app: FastifyInstance,
  action: () => Promise<unknown>,
): Promise<{ url: string; host: string; remoteAddress: string }> {
  const lines = await captureLog(app, action);
  const line = lines.find((candidate) => candidate.includes('"incoming request"'));
  assert.ok(line, `the request is logged: ${lines.join('\n')}`);
  return JSON.parse(line).req;
}
