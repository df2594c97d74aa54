import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assignmentScenario, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createCompany, createVolunteer } from '../helpers/factories.ts';
import { filesUnder, padded, pdfFile, pngFile } from '../helpers/file-fixtures.ts';

/**
 * Broken and abusive multipart bodies on every route that reads one (docs/security.md, "Uploads"): a body that
 * cannot be read is a 400 saying why, a limit on parts is named, a body over the route's cap is a 413 before it is
 * read; none leaves a temp file or a stored file behind.
 */
const BOUNDARY = 'guild-broken-boundary';
const CANNOT_READ = 'The multipart body could not be read:';
const NO_CLOSING_BOUNDARY =
  `${CANNOT_READ} it does not end with the closing boundary named in the Content-Type header (the body is cut ` +
  'off, malformed, or uses another boundary).';

type Endpoint = { name: string; method: 'POST' | 'PUT'; url: string; token: string; field: string; file: Buffer };

function filePart(field: string, file: Buffer, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${VALID_SOLUTION.description}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="file.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
  ]);
}

/** The broken bodies of the battery, each with its Content-Type. */
function brokenBodies(
  field: string,
  file: Buffer,
): Array<{ name: string; type: string; body: Buffer; message: string }> {
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  const whole = Buffer.concat([filePart(field, file), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  return [
    {
      name: 'no boundary',
      type: 'multipart/form-data',
      body: whole,
      message: `${CANNOT_READ} the Content-Type header names no boundary.`,
    },
    {
      name: 'a boundary that does not match',
      type: 'multipart/form-data; boundary=another-boundary',
      body: whole,
      message: NO_CLOSING_BOUNDARY,
    },
    {
      name: 'garbage',
      type: multipart,
      body: Buffer.from('\u0000\u0001 this is not multipart at all \r\n\r\n--x\r\n'),
      message: NO_CLOSING_BOUNDARY,
    },
    { name: 'no closing boundary', type: multipart, body: filePart(field, file), message: NO_CLOSING_BOUNDARY },
    {
      name: 'a body cut off in the middle of the file',
      type: multipart,
      body: filePart(field, file).subarray(0, filePart(field, file).length - Math.floor(file.length / 2)),
      message: NO_CLOSING_BOUNDARY,
    },
  ];
}

for (const dialect of testDialects()) {
  describe(`broken multipart bodies on every upload route [${dialect}]`, () => {
    let ctx: TestContext;
    let endpoints: Endpoint[];
    let tempDir: string;
    let storageDir: string;
    before(async () => {
      ctx = await createTestContext(dialect);
      tempDir = path.join(ctx.deps.config.dataDir, 'tmp');
      storageDir = ctx.deps.config.storageDir;
      const volunteer = await createVolunteer(ctx.db);
      const company = await createCompany(ctx.db);
      const newCompany = await createAccount(ctx.db, 'company');
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const cv = padded(pdfFile(), 256 * 1024);
      const logo = padded(pngFile(), 64 * 1024);
      endpoints = [
        {
          name: 'CV upload',
          method: 'POST',
          url: '/api/volunteers/upload-cv',
          token: volunteer.token,
          field: 'cv',
          file: cv,
        },
        {
          name: 'contributor profile',
          method: 'PUT',
          url: '/api/volunteers/profile',
          token: volunteer.token,
          field: 'cv',
          file: cv,
        },
        {
          name: 'company profile',
          method: 'PUT',
          url: '/api/companies/profile',
          token: company.token,
          field: 'logo',
          file: logo,
        },
        {
          name: 'company profile completion',
          method: 'POST',
          url: '/api/companies/complete-profile',
          token: newCompany.token,
          field: 'logo',
          file: logo,
        },
        {
          name: 'solution',
          method: 'POST',
          url: `/api/assignments/${scenario.assignment.id}/submit-solution`,
          token: scenario.volunteer.token,
          field: 'attachments[]',
          file: cv,
        },
      ];
    });
    after(() => ctx.close());

    const send = (endpoint: Endpoint, type: string, body: Buffer) =>
      ctx.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        headers: { authorization: `Bearer ${endpoint.token}`, accept: 'application/json', 'content-type': type },
        payload: body,
      });

    it('answers each broken body with a 400 that says why, leaving no temp or stored file', async () => {
      for (const endpoint of endpoints) {
        const storedBefore = filesUnder(storageDir);
        for (const broken of brokenBodies(endpoint.field, endpoint.file)) {
          const response = await send(endpoint, broken.type, broken.body);
          const label = `${endpoint.name}, ${broken.name}`;
          assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
          assert.deepEqual(response.json(), { message: broken.message }, label);
          assert.deepEqual(filesUnder(tempDir), [], `${label}: temp files`);
          assert.deepEqual(filesUnder(storageDir), storedBefore, `${label}: stored files`);
        }
      }
    });

    it('names the limit when a small body has too many files or fields, rather than calling it too large', async () => {
      const [cvUpload] = endpoints;
      const parts = (count: number, part: (i: number) => string) =>
        Buffer.from(`${Array.from({ length: count }, (_, i) => part(i)).join('')}--${BOUNDARY}--\r\n`);
      const manyFiles = parts(
        21,
        (i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="extra${i}"; filename="f${i}.txt"\r\n\r\nx\r\n`,
      );
      const files = await send(cvUpload!, `multipart/form-data; boundary=${BOUNDARY}`, manyFiles);
      assert.equal(files.statusCode, 400, files.body);
      assert.deepEqual(files.json(), { message: 'The multipart body has too many files: at most 20 are read.' });
      const manyFields = parts(51, (i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`);
      const fields = await send(cvUpload!, `multipart/form-data; boundary=${BOUNDARY}`, manyFields);
      assert.equal(fields.statusCode, 400, fields.body);
      assert.deepEqual(fields.json(), { message: 'The multipart body has too many fields: at most 50 are read.' });
      assert.deepEqual(filesUnder(tempDir), []);
    });

    describe('over real HTTP', () => {
      let port: number;
      before(async () => {
        await ctx.app.listen({ port: 0, host: '127.0.0.1' });
        port = (ctx.app.server.address() as AddressInfo).port;
      });

      /** Sends the headers (and `body`, if any) and resolves with the answer, however much of the body was read. */
      function post(
        endpoint: Endpoint,
        headers: Record<string, string | number>,
        body?: (request: http.ClientRequest) => void,
      ) {
        return new Promise<{ status: number; body: string; bytesSent: number }>((resolve, reject) => {
          const request = http.request({
            host: '127.0.0.1',
            port,
            method: endpoint.method,
            path: endpoint.url,
            headers: {
              authorization: `Bearer ${endpoint.token}`,
              accept: 'application/json',
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
              ...headers,
            },
          });
          request.on('response', (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => {
              resolve({ status: response.statusCode!, body: text, bytesSent: request.socket?.bytesWritten ?? 0 });
              request.destroy();
            });
          });
          request.on('error', reject);
          if (body) body(request);
          else request.flushHeaders();
        });
      }

      it("answers 413 on a declared length over the route's cap before reading the body", async () => {
        const [cvUpload] = endpoints;
        // The CV route's cap: its file (10 MB), one more file of that size, 1 MB of form fields.
        const answer = await post(cvUpload!, { 'content-length': 21 * 1024 * 1024 + 1 });
        assert.equal(answer.status, 413);
        assert.deepEqual(JSON.parse(answer.body), { message: 'The request body is too large.' });
        assert.deepEqual(filesUnder(tempDir), []);
      });
      // A chunked body is read to its end: test/http/volunteers-cv-http.test.ts streams a 50 MB CV and gets the 422.
    });
  });
}
