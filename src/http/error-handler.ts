import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type FieldErrors, statusByCode } from './app-error.ts';
import { formatFieldErrors } from './validation.ts';

type ValidationFailure = FastifyError & { fieldErrors?: FieldErrors; validationPart?: string };

/**
 * One place turns every failure into the contract's body: `{message}` always, `errors` on validation 422s.
 * Anything unexpected is a 500 `{"message":"Server Error"}`; its details go to the log under the request id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: ValidationFailure, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { message: error.message, ...error.extra };
      if (error.errors) body.errors = error.errors;
      return reply.status(statusByCode[error.code]).send(body);
    }

    if (error.validation) {
      // A path parameter that is not a valid id names nothing: 404, as for an unknown id.
      if (error.validationPart === 'params') {
        return reply.status(404).send({ message: 'The requested resource was not found.' });
      }
      return reply.status(422).send(formatFieldErrors(error.fieldErrors ?? { body: [error.message] }));
    }

    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large.' });
    }
    if (status === 415) {
      return reply.status(400).send({
        message: `Unsupported content type "${request.headers['content-type'] ?? ''}". Send application/json, a form, or multipart/form-data.`,
      });
    }
    if (status >= 400 && status < 500) {
      return reply.status(400).send({ message: clientMessage(error) });
    }

    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: 'Server Error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `The route ${request.method} ${request.url.split('?')[0]} could not be found.` });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return `The multipart body could not be read: ${error.message}`;
    default:
      return error.message || 'Bad request.';
  }
}
