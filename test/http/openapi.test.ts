import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { Type } from 'typebox';
import packageJson from '../../package.json' with { type: 'json' };
import { installOpenApi } from '../../src/http/openapi.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';

const APP_URL = 'https://guild.example.org';

/** Every endpoint of the seed under {base_url} (the LinkedIn sign-in belongs to the web app), as OpenAPI paths. */
const SEED_ENDPOINTS = [
  'POST /api/auth/logout',
  'POST /api/volunteers/complete-profile',
  'GET /api/volunteers/profile',
  'PUT /api/volunteers/profile',
  'POST /api/volunteers/upload-cv',
  'POST /api/companies/complete-profile',
  'GET /api/companies/profile',
  'PUT /api/companies/profile',
  'GET /api/challenges',
  'GET /api/challenges/my-challenges',
  'GET /api/challenges/{id}',
  'POST /api/challenges',
  'PUT /api/challenges/{id}',
  'POST /api/challenges/{id}/archive',
  'GET /api/tasks',
  'GET /api/tasks/available',
  'GET /api/tasks/my-tasks',
  'GET /api/tasks/{id}',
  'GET /api/assignments',
  'GET /api/assignments/pending',
  'POST /api/assignments/{id}/accept',
  'POST /api/assignments/{id}/reject',
  'POST /api/assignments/{id}/start',
  'POST /api/assignments/{id}/complete',
  'POST /api/assignments/{id}/submit-solution',
  'GET /api/teams/{id}/messages',
  'POST /api/teams/{id}/messages',
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'POST /api/notifications/{id}/mark-read',
  'POST /api/notifications/mark-all-read',
  'DELETE /api/notifications/{id}',
  'GET /api/challenges/{challenge}/ideas',
  'POST /api/challenges/{challenge}/ideas',
  'GET /api/ideas/my-ideas',
  'GET /api/ideas/{id}',
  'POST /api/ideas/{id}/vote',
];

/** Contract §8: beyond the seed. */
const EXTRA_ENDPOINTS = [
  'GET /api/user',
  'GET /api/assignments/{id}',
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/openapi.json',
];
const PUBLIC_ENDPOINTS = new Set(['GET /api/health', 'GET /api/health/ready', 'GET /api/openapi.json']);

/** The upload endpoints and the file fields their multipart body carries. */
const MULTIPART = [
  { endpoint: 'POST /api/volunteers/upload-cv', files: ['cv'], required: ['cv'], alsoJson: false },
  { endpoint: 'POST /api/companies/complete-profile', files: ['logo'], required: ['company_name'], alsoJson: true },
  { endpoint: 'PUT /api/companies/profile', files: ['logo'], required: [], alsoJson: true },
  {
    endpoint: 'POST /api/assignments/{id}/submit-solution',
    files: ['attachments[]'],
    required: ['description', 'hours_worked'],
    alsoJson: true,
  },
];

type Schema = {
  $ref?: string;
  $id?: string;
  type?: unknown;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema }>;
};
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; description?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  info: { license?: { name: string; identifier?: string }; contact?: { name?: string; url?: string } };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  security: Array<Record<string, string[]>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas: Record<string, Schema>;
  };
  paths: Record<string, Record<string, Operation>>;
};

for (const dialect of testDialects()) {
  describe(`OpenAPI document [${dialect}]`, () => {
    let ctx: TestContext;
    let doc: Document;
    let operations: Map<string, Operation>;
    before(async () => {
      ctx = await createTestContext(dialect, { APP_URL: APP_URL });
      const response = await apiClient(ctx.app).get('/api/openapi.json');
      assert.equal(response.statusCode, 200);
      doc = response.data;
      operations = new Map(
        Object.entries(doc.paths).flatMap(([path, byMethod]) =>
          Object.entries(byMethod).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation]),
        ),
      );
    });
    after(() => ctx.close());

    /** A schema, or the component its `$ref` names. */
    const resolved = (schema: Schema | undefined): Schema | undefined => {
      const name = schema?.$ref?.replace('#/components/schemas/', '');
      if (name === undefined) return schema;
      assert.ok(doc.components.schemas[name], `${schema?.$ref} exists`);
      return doc.components.schemas[name];
    };
    const jsonSchema = (content: Record<string, { schema: Schema }> | undefined) =>
      content?.['application/json']?.schema;

    const operation = (endpoint: string) => {
      const found = operations.get(endpoint);
      assert.ok(found, `${endpoint} is documented`);
      return found;
    };
    /** The API proper: under /api, without the LinkedIn sign-in (a browser flow of the web app, no token). */
    const apiOperations = () =>
      [...operations].filter(([endpoint]) => /^\/api\/(?!auth\/linkedin\/)/.test(endpoint.split(' ')[1]));

    it('is served without a token as OpenAPI 3.1 with a bearer scheme, and rendered at /docs', async () => {
      assert.equal(doc.openapi, '3.1.0');
      assert.deepEqual(doc.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer' });
      const page = await ctx.app.inject({ method: 'GET', url: '/docs/' });
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /text\/html/);
    });

    it('documents every endpoint of the seed and of contract §8 with a tag, a summary and a success response', () => {
      for (const endpoint of [...SEED_ENDPOINTS, ...EXTRA_ENDPOINTS]) {
        const { tags, summary, responses } = operation(endpoint);
        assert.ok(tags?.length, `${endpoint} has a tag`);
        assert.ok(summary, `${endpoint} has a summary`);
        if (endpoint.endsWith('/submit-solution')) continue; // a redirect, checked below
        const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        assert.equal(success.length, 1, `${endpoint} has one 2xx response`);
        const schema = resolved(jsonSchema(responses[success[0]].content));
        assert.equal(schema?.type, 'object', `${endpoint} describes its 2xx JSON body`);
      }
    });

    it('submit-solution documents its 303 with the Location header and no body', () => {
      const { responses } = operation('POST /api/assignments/{id}/submit-solution');
      assert.ok(!Object.keys(responses).some((status) => status.startsWith('2')));
      assert.equal(responses['303'].content, undefined);
      assert.ok(responses['303'].headers?.Location, 'Location header');
    });

    it('declares the bearer token on every endpoint but health and the document itself', () => {
      for (const [endpoint, { security = doc.security }] of apiOperations()) {
        if (PUBLIC_ENDPOINTS.has(endpoint)) assert.deepEqual(security, [], endpoint);
        else assert.deepEqual(security, [{ bearer: [] }], endpoint);
      }
      assert.deepEqual(doc.security, [{ bearer: [] }]);
    });

    it('is right about the token: each protected endpoint answers 401 without one, the public ones do not', async () => {
      for (const [endpoint] of apiOperations()) {
        const [method, path] = endpoint.split(' ');
        const url = path.replace(/\{[^}]+\}/g, '1');
        const response = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: { accept: 'application/json' },
        });
        assert.equal(response.statusCode, PUBLIC_ENDPOINTS.has(endpoint) ? 200 : 401, endpoint);
      }
    });

    it('documents the multipart bodies of the upload endpoints with their file fields', () => {
      for (const { endpoint, files, required, alsoJson } of MULTIPART) {
        const content = operation(endpoint).requestBody?.content ?? {};
        const multipart = content['multipart/form-data']?.schema;
        assert.ok(multipart, `${endpoint} takes multipart/form-data`);
        for (const field of files) {
          const property = multipart.properties?.[field];
          const binary = property?.type === 'array' ? property.items : property;
          assert.equal(binary?.format, 'binary', `${endpoint}: ${field} is a file`);
        }
        assert.deepEqual(multipart.required ?? [], required, `${endpoint} required fields`);
        assert.deepEqual(
          Object.keys(content).sort(),
          alsoJson
            ? ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']
            : ['multipart/form-data'],
          endpoint,
        );
        for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
          const schema = resolved(content[type]?.schema);
          for (const field of files) assert.notEqual(schema?.properties?.[field]?.format, 'binary');
        }
      }
      const other = apiOperations().filter(([endpoint]) => !MULTIPART.some((upload) => upload.endpoint === endpoint));
      for (const [endpoint, { requestBody }] of other) {
        assert.equal(requestBody?.content['multipart/form-data'], undefined, `${endpoint} takes no files`);
      }
    });

    it('declares the error statuses each endpoint can give, each with a description', () => {
      for (const [endpoint, op] of apiOperations()) {
        const statuses = Object.keys(op.responses);
        const expect = (status: string, why: string) =>
          assert.ok(statuses.includes(status), `${endpoint} declares ${status} (${why})`);
        if (!PUBLIC_ENDPOINTS.has(endpoint)) expect('401', 'bearer token');
        if (op.parameters?.some((parameter) => parameter.in === 'path')) expect('404', 'an id in the path');
        if (op.parameters?.some((parameter) => parameter.in === 'query')) expect('422', 'query parameters');
        if (op.requestBody) {
          expect('400', 'a body to parse');
          expect('413', 'a body size limit');
          expect('422', 'a body to validate');
        }
        if (/^(Company|Contributor) accounts only/.test(op.description ?? '')) expect('403', 'one account type');
        for (const [status, response] of Object.entries(op.responses)) {
          assert.notEqual(response.description, 'Default Response', `${endpoint} ${status} is described`);
        }
      }
    });

    it('describes every query parameter', () => {
      for (const [endpoint, { parameters = [] }] of apiOperations()) {
        for (const parameter of parameters.filter((p) => p.in === 'query')) {
          assert.ok(parameter.description, `${endpoint} ?${parameter.name}`);
        }
      }
    });

    it('gives every operation a unique camelCase operationId, for the SDK method names', () => {
      const ids = [...operations].map(([endpoint, { operationId }]) => {
        assert.match(operationId ?? '', /^[a-z][a-zA-Z0-9]*$/, `${endpoint} has a camelCase operationId`);
        return operationId;
      });
      assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
      assert.equal(operation('GET /api/challenges/{id}').operationId, 'getChallenge');
    });

    it('declares every tag at the top with a description, and operations use only those', () => {
      const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
      for (const [name, description] of declared) assert.ok(description, `tag ${name} has a description`);
      for (const [endpoint, { tags = [] }] of operations) {
        for (const tag of tags) assert.ok(declared.has(tag), `${endpoint}: tag ${tag} is declared`);
      }
    });

    it('names the server (APP_URL), the license (package.json) and a contact', () => {
      assert.deepEqual(
        doc.servers?.map((server) => server.url),
        [APP_URL],
      );
      assert.equal(doc.info.license?.identifier, packageJson.license);
      assert.equal(doc.info.license?.name, packageJson.license);
      assert.equal(doc.info.contact?.url, APP_URL);
    });

    it('references the named schemas of the resources, so generated types carry their names', () => {
      const ref = (name: string) => `#/components/schemas/${name}`;
      const response = (endpoint: string, status: string) => jsonSchema(operation(endpoint).responses[status].content);
      const body = (endpoint: string) => jsonSchema(operation(endpoint).requestBody?.content);
      assert.equal(response('POST /api/challenges', '201')?.$ref, ref('Challenge'));
      assert.equal(body('POST /api/challenges')?.$ref, ref('CreateChallengeBody'));
      assert.equal(response('GET /api/challenges/{id}', '200')?.$ref, ref('ChallengeDetail'));
      assert.equal(response('GET /api/challenges', '200')?.$ref, ref('ChallengePage'));
      assert.equal(resolved(response('GET /api/challenges', '200'))?.properties?.data.items?.$ref, ref('Challenge'));
      assert.equal(response('GET /api/tasks/{id}', '200')?.$ref, ref('TaskDetail'));
      assert.equal(response('GET /api/assignments/{id}', '200')?.$ref, ref('Assignment'));
      assert.equal(response('POST /api/notifications/{id}/mark-read', '200')?.$ref, ref('Notification'));
      assert.equal(response('GET /api/notifications', '200')?.$ref, ref('NotificationPage'));
      assert.equal(response('GET /api/challenges/{id}', '404')?.$ref, ref('Error'));
      // Nullable(Named) stays a reference, in a union with null, rather than a copy under the same name.
      assert.deepEqual(
        (doc.components.schemas.Assignment.properties?.latest_submission as { anyOf?: unknown })?.anyOf,
        [{ $ref: ref('Submission') }, { type: 'null' }],
      );
      assert.equal(operation('GET /api/challenges/{id}').responses['404'].description.length > 0, true);
      for (const [name, schema] of Object.entries(doc.components.schemas)) {
        assert.equal(schema.$id, undefined, `${name} keeps no $id`);
      }
    });

    it('has every JSON body, sent or answered, as a named component', () => {
      for (const [endpoint, { requestBody, responses }] of apiOperations()) {
        for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
          const schema = requestBody?.content[type]?.schema;
          if (schema) assert.ok(schema.$ref, `${endpoint}: its ${type} body is named ($id)`);
        }
        for (const [status, { content }] of Object.entries(responses)) {
          if (content?.['application/json']) {
            assert.ok(jsonSchema(content)?.$ref, `${endpoint}: its ${status} body is named ($id)`);
          }
        }
      }
    });

    it('leaves the web pages out of the API document', () => {
      for (const [endpoint] of operations) {
        const path = endpoint.split(' ')[1];
        assert.ok(path.startsWith('/api/') || path.startsWith('/files/'), endpoint);
      }
    });
  });
}

describe('OpenAPI named schemas', () => {
  it('refuses two different schemas with one $id: the application does not start', async () => {
    const app = Fastify();
    const config = { appUrl: APP_URL } as Parameters<typeof installOpenApi>[1];
    await installOpenApi(app, config);
    const first = Type.Object({ id: Type.Integer() }, { $id: 'Thing' });
    const second = Type.Object({ id: Type.String() }, { $id: 'Thing' });
    app.get('/first', { schema: { response: { 200: first } } }, () => ({ id: 1 }));
    await assert.rejects(
      (async () => {
        app.get('/second', { schema: { response: { 200: second } } }, () => ({ id: '1' }));
        await app.ready();
      })(),
      /Two different schemas have the \$id "Thing"/,
    );
    await app.close();
  });
});
