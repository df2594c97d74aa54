import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { isStorageUnavailable } from '../storage/storage-errors.ts';
import { AppError, type FieldErrors, statusByCode } from './app-error.ts';
import { routedPathOf } from './auth.ts';
import { formatFieldErrors } from './validation.ts';

type ValidationFailure = FastifyError & { fieldErrors?: FieldErrors; validationPart?: string };

/** How long a client is asked to wait (Retry-After, seconds) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Renders an error as a web page, for requests that come from a browser page rather than the API. */
export type WebErrorRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) => unknown;

/** Requests answered with web pages: everything but the API, public files, the API reference and static assets. */
function isWebRequest(request: FastifyRequest): boolean {
  return !/^\/(api|files|docs|assets)(\/|$|\?)/.test(routedPathOf(request));
}

/**
 * One place turns every failure into the contract's body: `{message}` always, `errors` on validation 422s.
 * Anything unexpected is a 500 `{"message":"Server Error"}`; its details go to the log under the request id.
 * A database or file store that cannot be reached (down, restarting, a connection cut) is a 503 with Retry-After: the
 * request may succeed later, and the process keeps serving and reconnects by itself.
 * Web pages get the same status with an HTML page that says what happened.
 */
export function installErrorHandler(app: FastifyInstance, renderWebError?: WebErrorRenderer): void {
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, body: Record<string, unknown>) => {
    if (renderWebError && isWebRequest(request)) return renderWebError(request, reply, status, String(body.message));
    return reply.status(status).send(body);
  };

  app.setErrorHandler((error: ValidationFailure, request: FastifyRequest, reply: FastifyReply) => {
    const body = errorBody(error, request);
    if (body.status === 500) request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    if (body.status === 503) {
      request.log.warn({ err: error, reqId: request.id }, 'dependency unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return send(request, reply, body.status, body.body);
  });

  app.setNotFoundHandler((request, reply) =>
    send(request, reply, 404, {
      message: `The route ${request.method} ${request.url.split('?')[0]} could not be found.`,
    }),
  );
}

function errorBody(
  error: ValidationFailure,
  request: FastifyRequest,
): { status: number; body: Record<string, unknown> } {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { message: error.message, ...error.extra };
    if (error.errors) body.errors = error.errors;
    return { status: statusByCode[error.code], body };
  }

  if (isStorageUnavailable(error)) {
    // The object store failed (down, cut mid-transfer, refusing): whatever the request stored was removed again.
    // Asked first: its cause is often a refused connection, which the database check would claim.
    const reading = request.method === 'GET' || request.method === 'HEAD';
    const message = reading
      ? 'The file cannot be read right now because the service cannot reach its file storage. Try again shortly.'
      : 'Nothing was saved because the service cannot reach its file storage right now. Try again shortly.';
    return { status: 503, body: { message } };
  }

  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        message: 'The service is temporarily unavailable because its database cannot be reached. Try again shortly.',
      },
    };
  }

  if (isUnstorableText(error)) {
    // Input checks refuse NUL in every validated field (a 422 naming it); this catches text that reached PostgreSQL
    // another way (a file name, a page's query), which it cannot store: the client's fault, not a 500.
    return { status: 422, body: { message: 'The request contains a NUL character, which text may not contain.' } };
  }

  if (error.validation) {
    // A path parameter that is not a valid id names nothing: 404, as for an unknown id.
    if (error.validationPart === 'params') {
      return { status: 404, body: { message: 'The requested resource was not found.' } };
    }
    return { status: 422, body: formatFieldErrors(error.fieldErrors ?? { body: [error.message] }) };
  }

  const status = error.statusCode ?? 500;
  if (status === 413) {
    return { status: 413, body: { message: 'The request body is too large.' } };
  }
  if (status === 415) {
    return {
      status: 400,
      body: {
        message: `Unsupported content type "${request.headers['content-type'] ?? ''}". Send application/json, a form, or multipart/form-data.`,
      },
    };
  }
  if (status === 403) {
    // The web forms' CSRF check: the form is stale or was not sent by this site.
    return {
      status: 403,
      body: { message: 'This form has expired or did not come from this site. Reload the page and try again.' },
    };
  }
  if (status === 429) {
    // The sign-in and registration rate limit (rate-limit.ts), which set Retry-After; its message says how long.
    return { status: 429, body: { message: error.message } };
  }
  if (status >= 400 && status < 500) {
    return { status: 400, body: { message: clientMessage(error) } };
  }
  return { status: 500, body: { message: 'Server Error' } };
}

/** PostgreSQL's refusal of text it cannot store (a NUL character): character_not_in_repertoire. */
function isUnstorableText(error: unknown): boolean {
  return (error as { code?: unknown }).code === '22021';
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'Bad request.';
  }
}
