import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, padded, pdfFile, pngFile } from '../helpers/file-fixtures.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const MiB = 1024 * 1024;

/**
 * The object store failing under the application (issue 15, "Bad input and faults"): S3 is reached through a TCP
 * proxy that cuts every connection after 2 MiB of upload, in the middle of a 9 MiB CV's multipart upload, and can be
 * closed (store down) and opened again.
 */
for (const dialect of testDialects()) {
  describe(`object store outages [${dialect}]`, () => {
    let s3: S3TestServer;
    let proxy: TcpProxy;
    let ctx: TestContext;
    before(async () => {
      s3 = await startS3Server();
      proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port }, { cutAfterClientBytes: 2 * MiB });
      ctx = await createTestContext(dialect, { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
    });
    after(async () => {
      await ctx.close();
      await proxy.close();
      await s3.stop();
    });

    const storedKeys = async () => {
      const keys: string[] = [];
      for await (const key of ctx.deps.storage.keys()) keys.push(key);
      return keys;
    };
    const cvRow = (volunteerId: number) =>
      ctx.db
        .selectFrom('volunteers')
        .select(['cv_storage_key', 'ai_analysis_status'])
        .where('id', '=', volunteerId)
        .executeTakeFirstOrThrow();

    it('answers a CV upload cut mid-transfer with a plain 503, leaving no object, no row change and no job', async () => {
      const { token, volunteer } = await createVolunteer(ctx.db);
      const cv = fileForm('cv', padded(pdfFile('Cut short'), 9 * MiB), 'cv.pdf');
      const before = await cvRow(volunteer.id);

      const response = await apiClient(ctx.app, token).multipart('POST', '/api/volunteers/upload-cv', cv);
      assert.equal(response.statusCode, 503, response.body);
      assert.deepEqual(response.data, {
        message: 'Nothing was saved because the service cannot reach its file storage right now. Try again shortly.',
      });
      assert.ok(Number(response.headers['retry-after']) > 0, 'Retry-After');
      assert.deepEqual(await cvRow(volunteer.id), before, 'the profile does not name the CV');
      assert.deepEqual(await queuedJobs(ctx, 'volunteer.analyze-cv'), [], 'no analysis queued');

      await proxy.open();
      assert.deepEqual(await storedKeys(), [], 'no object, whole or partial, under any key');

      const retried = await apiClient(ctx.app, token).multipart('POST', '/api/volunteers/upload-cv', cv);
      assert.equal(retried.statusCode, 200, 'the same upload succeeds once the store is back');
      assert.equal((await storedKeys()).length, 1);
    });

    it('answers uploads and downloads with a 503 while the store is down, and works again when it is back', async () => {
      const company = await createCompany(ctx.db);
      const { token } = await createVolunteer(ctx.db);
      await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', pdfFile(), 'a.pdf'),
      );
      await proxy.close();
      try {
        const logo = await apiClient(ctx.app, company.token).multipart(
          'PUT',
          '/api/companies/profile',
          fileForm('logo', pngFile(), 'logo.png'),
        );
        assert.equal(logo.statusCode, 503);
        assert.match(logo.data.message, /^Nothing was saved because the service cannot reach its file storage/);
        const row = await ctx.db
          .selectFrom('companies')
          .select('logo_storage_key')
          .where('id', '=', company.company.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.logo_storage_key, null);

        const cv = await apiClient(ctx.app, token).get('/api/volunteers/profile/cv');
        assert.equal(cv.statusCode, 503);
        assert.match(
          cv.data.message,
          /^The file cannot be read right now because the service cannot reach its file storage/,
        );

        await assert.rejects(ctx.deps.storage.check(), /The object store s3:\/\/guild-test\/uploads\/ cannot be used/);
        const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        assert.equal(health.statusCode, 200, 'the process lives on');
      } finally {
        await proxy.open();
      }
      await ctx.deps.storage.check();
      assert.equal((await apiClient(ctx.app, token).get('/api/volunteers/profile/cv')).statusCode, 200);
    });
  });
}

describe('an object store unreachable at start', () => {
  it('lets the application start and answer liveness; check() says which store failed', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 9 });
    await proxy.close();
    const ctx = await createTestContext('sqlite', {
      STORAGE_URL: 's3://guild-away/prefix',
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
      await assert.rejects(
        ctx.deps.storage.check(),
        /The object store s3:\/\/guild-away\/prefix\/ cannot be used: .*ECONNREFUSED/,
      );
    } finally {
      await ctx.close();
    }
  });
});
