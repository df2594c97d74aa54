import type { FastifySchema, RouteOptions } from 'fastify';
import type { AccountType } from '../db/schema.ts';
import { uploadFieldsSchema } from './uploads.ts';

/**
 * The swagger `transform`: each route is documented from the declarations that enforce it, so the document cannot
 * drift from behaviour. `config.accountType` becomes a sentence of the description, `config.uploads` the
 * multipart/form-data request body, and error responses get a description of their status. Routes without a schema
 * (the web pages outside /api) are not part of the API and are left out.
 */
type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

const ACCOUNT_TYPE_NOTES: Record<AccountType, string> = {
  company: 'Company accounts only: a contributor gets 403.',
  contributor: 'Contributor accounts only: a company gets 403.',
};

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: queued, done later by a job',
  204: 'Done; no content',
  400: 'The body is not valid JSON, a form or multipart',
  401: 'Missing, malformed, unknown or revoked token',
  403: 'Wrong account type, or not allowed on this resource',
  404: 'No such resource, or one the caller may not see',
  413: 'The body is over 1 MiB (a file over its own limit is a 422 instead)',
  422: 'Validation failed (`errors` names the fields), or the action is not valid in the current status',
  503: 'The database cannot be reached',
};

export function documentRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  if (!schema) return { schema: { hide: true }, url };
  const config = route.config ?? {};
  const documented: FastifySchema & Record<string, unknown> = { ...schema };
  if (config.accountType) {
    documented.description = [ACCOUNT_TYPE_NOTES[config.accountType], schema.description].filter(Boolean).join(' ');
  }
  if (config.uploads) {
    documented.body = requestBodies(schema.body as JsonSchema | undefined, uploadFieldsSchema(config.uploads));
  }
  if (schema.response) documented.response = describeStatuses(schema.response as Record<string, JsonSchema>);
  return { schema: documented, url };
}

/**
 * An upload route takes multipart/form-data with its files; one that also has text fields takes them as JSON or a
 * form too, when no file is sent (docs/contract.md §1).
 */
function requestBodies(fields: JsonSchema | undefined, files: JsonSchema) {
  if (!fields) return { content: { 'multipart/form-data': { schema: files } } };
  const { required: textRequired = [], ...text } = fields;
  const required = [...textRequired, ...(files.required ?? [])];
  const multipart = {
    ...text,
    properties: { ...fields.properties, ...files.properties },
    ...(required.length > 0 && { required }),
  };
  return {
    content: {
      'application/json': { schema: fields },
      'application/x-www-form-urlencoded': { schema: fields },
      'multipart/form-data': { schema: multipart },
    },
  };
}

function describeStatuses(responses: Record<string, JsonSchema>) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      response.description || !STATUS_DESCRIPTIONS[status]
        ? response
        : { ...response, 'x-response-description': STATUS_DESCRIPTIONS[status] },
    ]),
  );
}
