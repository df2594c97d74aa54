import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import swagger, { type SwaggerOptions } from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import type { Config } from '../config.ts';
import type { AccountType } from '../db/schema.ts';
import { IDEMPOTENCY_KEY_HEADER, takesIdempotencyKey } from '../modules/idempotency/idempotency-request.ts';
import { webhookEventsDocument } from '../modules/webhooks/webhook-events.schemas.ts';
import { errorResponses } from './schemas.ts';
import { uploadFieldsSchema } from './uploads.ts';

/**
 * The OpenAPI document (`GET /api/openapi.json`, rendered at /docs) is generated from the declarations that enforce
 * each route, so it cannot drift from behaviour, and it is written for SDK generators (the `sdk/` package is generated
 * from it): every operation has an `operationId` (declared in the route's schema, camelCase, unique) and a tag from
 * `API_TAGS`, and the schemas a route shares get names (`$id`, see `createSchemaComponents`). `npm run lint:openapi`
 * checks it with Redocly's recommended rules (redocly.yaml).
 */
type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

/** Every tag an operation may carry, with what it groups; a route's `tags` names one of these. */
const API_TAGS = [
  { name: 'Account', description: "The caller's account and tokens; signing in with LinkedIn (a browser flow)." },
  { name: 'Contributor profile', description: "A contributor's profile, skills and CV (contributor accounts)." },
  { name: 'Company profile', description: "A company's profile and logo (company accounts)." },
  { name: 'Challenges', description: 'Briefs companies submit, their analysis, workstreams and tasks.' },
  { name: 'Tasks', description: 'The tasks challenges are decomposed into, and the ones open to a contributor.' },
  { name: 'Assignments', description: 'Invitations of contributors to tasks, their work and its review.' },
  {
    name: 'People',
    description:
      "Contributors as companies see them: a task's candidates, profiles, finding people by skill, inviting them.",
  },
  { name: 'Teams', description: 'The team of a challenge and its messages.' },
  { name: 'Notifications', description: 'What happened that concerns the caller.' },
  { name: 'Ideas', description: 'Community ideas on discussion challenges, votes and comments on them.' },
  { name: 'Contests', description: "A community discussion's shortlist and winners, chosen by its company." },
  { name: 'Webhooks', description: "The caller's webhooks: signed deliveries of events, and their delivery log." },
  { name: 'Files', description: 'Public files: company logos.' },
  { name: 'Service', description: 'Health checks and this document (no token needed).' },
];

/**
 * Registers the document and its /docs page: the header (`servers` is `APP_URL`, the license is package.json's), the
 * route transform, and the hook that collects the named schemas of every route added after it.
 */
export async function installOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const components = createSchemaComponents();
  app.addHook('onRoute', components.collect);
  await app.register(swagger, openApiOptions(config, components));
  await app.register(swaggerUi, referenceOptions());
}

const THEME_DIR = new URL('./docs-theme/', import.meta.url);

/**
 * The reference at /docs, configured to pass WCAG 2.2 AA (axe-core, test/browser/docs-page.test.ts) with nothing from
 * another host: the base layout (Swagger UI's top bar is an unlabelled URL box and an image without text), no deep
 * links (each made a link inside the operation's button: nested controls, and tap targets under 24 px), Guild's
 * colours where Swagger UI's fall under 4.5:1 (reference.css), and names for the lists it draws without a label
 * (reference-labels.js, a file under /docs/static like the rest, so the page's CSP stays script-src 'self').
 */
function referenceOptions(): FastifySwaggerUiOptions {
  const read = (name: string) => fs.readFileSync(new URL(name, THEME_DIR), 'utf8');
  return {
    routePrefix: '/docs',
    uiConfig: { layout: 'BaseLayout', deepLinking: false, docExpansion: 'list' },
    theme: {
      title: 'Guild API reference',
      css: [{ filename: 'reference.css', content: read('reference.css') }],
      js: [{ filename: 'reference-labels.js', content: read('reference-labels.js') }],
    },
  };
}

function openApiOptions(config: Config, components: SchemaComponents): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Guild API',
        version: '1.0.0',
        description:
          'Challenges, tasks, assignments, teams, notifications and ideas. Every endpoint except health and this ' +
          'document needs `Authorization: Bearer <token>`; tokens come from the web login or `guild token:create`.',
        license: { name: packageJson.license, identifier: packageJson.license },
        contact: { name: 'The operators of this Guild deployment', url: config.appUrl },
      },
      servers: [{ url: config.appUrl, description: 'This deployment (APP_URL)' }],
      tags: API_TAGS,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        // JSON Schema as TypeBox writes it: @fastify/swagger converts it to OpenAPI's when it builds the document.
        schemas: components.schemas as Record<string, object>,
      },
      security: [{ bearer: [] }],
      // What a webhook receives (OpenAPI 3.1), its bodies named like the routes' schemas.
      webhooks: referenceNamed(webhookEventsDocument(), components.register) as Record<string, object>,
    },
    // Paths stay as the routes are written (`/api/...`), whatever path APP_URL has.
    stripBasePath: false,
    transform: documentRoute,
  };
}

/**
 * Named schemas: a TypeBox schema given an `$id` (`Type.Object({…}, { $id: 'Challenge' })`) validates and serialises
 * as any other, and in the document it is `#/components/schemas/Challenge`, referenced by `$ref` wherever a route's
 * body or response uses it, so generated SDK types carry the name. Routes are read as they are added (`collect`, an
 * `onRoute` hook), because @fastify/swagger converts `components.schemas` before it transforms the routes; two
 * different schemas with one `$id` stop the start.
 */
type SchemaComponents = {
  schemas: Record<string, JsonSchema>;
  register: Register;
  collect: (route: RouteOptions) => void;
};

function createSchemaComponents(): SchemaComponents {
  const schemas: Record<string, JsonSchema> = {};
  // A named schema answered whole loses its own description to the response (see referenceResponses), so
  // descriptions are left out of the comparison, and the component keeps the one it has where it is nested.
  const register = (name: string, schema: JsonSchema) => {
    const { description: _, ...shape } = schema;
    const { description: __, ...known } = schemas[name] ?? shape;
    if (!isDeepStrictEqual(known, shape)) {
      throw new Error(
        `Two different schemas have the $id "${name}": give each its own (a Nullable, Partial or spread copy of a ` +
          'named schema must not keep its $id).',
      );
    }
    if (!(name in schemas) || schema.description !== undefined) schemas[name] = schema;
  };
  return {
    schemas,
    register,
    collect(route) {
      const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
      if (!schema || schema.hide) return;
      referenceNamed(schema.body, register);
      if (schema.response) referenceResponses(schema.response as Record<string, JsonSchema>, register);
    },
  };
}

type Register = (name: string, schema: JsonSchema) => void;

/**
 * The responses with their named schemas referenced. A response's `description` and `headers` describe the response,
 * not its body: `{ ...Readiness, description, headers }` is the named Readiness with a description and headers.
 */
function referenceResponses(responses: Record<string, JsonSchema>, register?: Register) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, { description, headers, ...body }]) => [
      status,
      {
        ...(referenceNamed(body, register) as JsonSchema),
        ...(description !== undefined && { description }),
        ...(headers !== undefined && { headers }),
      },
    ]),
  );
}

/** A copy of `node` where each subschema with an `$id` is a `$ref` to its component, told to `register`. */
function referenceNamed(node: unknown, register: Register = () => {}): unknown {
  if (Array.isArray(node)) return node.map((item) => referenceNamed(item, register));
  if (typeof node !== 'object' || node === null) return node;
  const { $id, ...rest } = node as Record<string, unknown>;
  const copy = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, referenceNamed(value, register)]));
  if (typeof $id !== 'string' || $id.startsWith('#')) return $id === undefined ? copy : { $id, ...copy };
  register($id, copy);
  return { $ref: `#/components/schemas/${$id}` };
}

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
  409: 'Conflict with the current state of the resource, or a request with this Idempotency-Key is still running',
  416: 'The byte range asked for starts past the end of the file (`Content-Range: bytes */size`)',
  422: 'Validation failed (`errors` names the fields), or the action is not valid in the current status',
  503: 'The database or the file storage cannot be reached',
};

/**
 * The swagger `transform`: `config.accountType` becomes a sentence of the description, `config.uploads` the
 * multipart/form-data request body, named schemas references, and error responses get a description of their
 * status. Routes without a schema (the web pages outside /api) are not part of the API and are left out.
 */
function documentRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  if (!schema) return { schema: { hide: true }, url };
  const config = route.config ?? {};
  const documented: FastifySchema & Record<string, unknown> = { ...schema };
  if (config.accountType) {
    documented.description = [ACCOUNT_TYPE_NOTES[config.accountType], schema.description].filter(Boolean).join(' ');
  }
  if (config.uploads) {
    documented.body = requestBodies(schema.body as JsonSchema | undefined, uploadFieldsSchema(config.uploads));
  }
  if (documented.body) documented.body = referenceNamed(documented.body);
  let responses = schema.response as Record<string, JsonSchema> | undefined;
  if (takesIdempotencyKey(route.method, url, config.auth)) {
    // Declared here once for every POST the idempotency hooks serve (docs/api.md, Idempotent requests).
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as JsonSchema;
    documented.headers = { ...headers, properties: { ...headers.properties, ...IDEMPOTENCY_KEY_HEADER } };
    const idempotencyResponses: Record<string, unknown> = errorResponses(409, 422);
    responses = { ...(idempotencyResponses as Record<string, JsonSchema>), ...responses };
  }
  if (responses) documented.response = describeStatuses(referenceResponses(responses));
  return { schema: documented, url };
}

/**
 * An upload route takes multipart/form-data with its files; one that also has text fields takes them as JSON or a
 * form too, when no file is sent (docs/contract.md §1).
 */
function requestBodies(fields: JsonSchema | undefined, files: JsonSchema) {
  if (!fields) return { content: { 'multipart/form-data': { schema: files } } };
  // The multipart schema is a new one: it keeps neither the fields' name nor their required list.
  const { required: textRequired = [], $id: _name, ...text } = fields;
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

/**
 * A response without a description of its own gets its status's. A named one is a bare `$ref` (@fastify/swagger
 * drops every sibling of a `$ref` from the schema), whose `description` becomes the response's.
 */
function describeStatuses(responses: Record<string, JsonSchema>) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const description = STATUS_DESCRIPTIONS[status];
      if (response.description || !description) return [status, response];
      return [status, { ...response, [response.$ref ? 'description' : 'x-response-description']: description }];
    }),
  );
}
