import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { claimKey, type KeptResponse, keepResponse, releaseClaim } from './idempotency.service.ts';
import {
  INVALID_KEY_MESSAGE,
  isKeptStatus,
  isValidIdempotencyKey,
  KEPT_HEADERS,
  requestFingerprint,
  takesIdempotencyKey,
} from './idempotency-request.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's valid Idempotency-Key, on an authenticated POST under /api; null otherwise. */
    idempotencyKey: string | null;
    /** The id of the key row this request claimed and runs under, until its response is kept or the claim dropped. */
    idempotencyClaim: number | null;
  }
}

/**
 * Idempotent POSTs (docs/api.md, Idempotent requests). Hooks around every route:
 *
 * - `onRequest`, after the bearer hook: a malformed key is a 422 before a byte of the body is read. Only POSTs of an
 *   authenticated caller take part: the key is scoped to the user, and an anonymous POST has no one to scope it to.
 * - `preValidation`, after the body is read (multipart files included) and normalised: the request's fingerprint
 *   decides between running it (the key is claimed), replaying the kept response, a 422 (the key was used for
 *   another request) and a 409 (the first request with the key is still running). A replay skips validation and
 *   the handler: nothing runs again.
 * - `onSend`: the claimed request's status, kept headers and body are stored, or the claim is dropped when the
 *   response is not kept (5xx, 409, 429), so a retry runs the request again.
 * - `onResponse`: a reply that skipped onSend (a hijacked one) drops its claim.
 *
 * Install after the bearer hook (`request.user`), the uploads plugin and the body normalisation: hooks of one kind
 * run in the order they were added.
 */
export function installIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers['idempotency-key'];
    const route = request.routeOptions;
    if (header === undefined || !takesIdempotencyKey(request.method, route.url ?? '', route.config.auth)) return;
    if (!request.user) return; // set by the bearer hook on every such route that reaches this hook
    if (!isValidIdempotencyKey(header)) throw new AppError('validation', INVALID_KEY_MESSAGE);
    request.idempotencyKey = header;
  });

  app.addHook('preValidation', async (request, reply) => {
    if (request.idempotencyKey === null || !request.user) return;
    const outcome = await claimKey(db, {
      userId: request.user.id,
      key: request.idempotencyKey,
      method: request.method,
      path: request.url,
      hash: requestFingerprint({
        body: request.body,
        files: request.uploads,
        ignoredFileFields: request.ignoredFileFields,
      }),
    });
    switch (outcome.kind) {
      case 'claimed':
        request.idempotencyClaim = outcome.id;
        return;
      case 'replay':
        return replay(reply, outcome.response);
      case 'mismatch':
        throw new AppError(
          'validation',
          outcome.sameTarget
            ? 'This Idempotency-Key was already used with another body. Send a new key with a new request.'
            : `This Idempotency-Key was already used for ${outcome.method} ${outcome.path}. Send a new key with a new request.`,
        );
      case 'running':
        throw new AppError(
          'conflict',
          'A request with this Idempotency-Key is still being processed. Retry once it has finished.',
        );
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    await settleClaim(request, (claim) => {
      const kept = keptResponse(reply, payload);
      return kept ? keepResponse(db, claim, kept) : releaseClaim(db, claim);
    });
    return payload;
  });
  // A reply that never went through onSend (a handler that took over the raw response) has nothing to keep: its
  // key is freed rather than left running until its lease ends.
  app.addHook('onResponse', async (request) => settleClaim(request, (claim) => releaseClaim(db, claim)));
}

function replay(reply: FastifyReply, response: KeptResponse): FastifyReply {
  return reply
    .code(response.status)
    .headers({ ...response.headers, 'idempotent-replayed': 'true' })
    .send(response.body);
}

/**
 * Ends the request's claim once, by keeping its response or dropping it. A failure to record is logged, never
 * thrown: the request's work is done and its client gets its answer; a claim left unsettled is taken over by a retry
 * after its lease.
 */
async function settleClaim(request: FastifyRequest, settle: (claim: number) => Promise<void>): Promise<void> {
  const claim = request.idempotencyClaim;
  if (claim === null) return;
  request.idempotencyClaim = null;
  try {
    await settle(claim);
  } catch (error) {
    request.log.error({ err: error, reqId: request.id }, 'could not record the response of an idempotent request');
  }
}

/** The response as it will be replayed, when it is one to keep: its status, kept headers and text body. */
function keptResponse(reply: FastifyReply, payload: unknown): KeptResponse | null {
  if (!isKeptStatus(reply.statusCode)) return null;
  // Every API response is serialised JSON text (or empty); a stream or buffer would not be replayed faithfully.
  if (payload !== undefined && payload !== null && typeof payload !== 'string') return null;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { status: reply.statusCode, headers, body: payload ?? '' };
}
