import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, gifFile, jpegFile, pdfFile, pngFile } from '../helpers/file-fixtures.ts';

const HEX = 'a'.repeat(32);

for (const dialect of testDialects()) {
  describe(`public logo files [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** Puts bytes into storage under a key, as an upload would. */
    async function store(key: string, bytes: Buffer): Promise<void> {
      const local = path.join(ctx.dataDir, `staged-${path.basename(key)}`);
      fs.writeFileSync(local, bytes);
      await ctx.deps.storage.putFile(key, local);
    }
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    it('serves an uploaded logo to anyone, with its type and long-lived caching', async () => {
      for (const [bytes, name, type] of [
        [pngFile(), 'logo.png', 'image/png'],
        [jpegFile(), 'logo.jpg', 'image/jpeg'],
        [gifFile(), 'logo.gif', 'image/gif'],
      ] as const) {
        const { token } = await createCompany(ctx.db);
        const profile = await apiClient(ctx.app, token).multipart(
          'PUT',
          '/api/companies/profile',
          fileForm('logo', bytes, name),
        );
        const response = await get(profile.data.logo_url);
        assert.equal(response.statusCode, 200, name);
        assert.equal(response.headers['content-type'], type);
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.deepEqual(response.rawPayload, bytes);
      }
    });

    it('answers 404 with a JSON body for a well-formed name that holds no logo', async () => {
      const response = await get(`/files/logos/${HEX}.png`);
      assert.equal(response.statusCode, 404);
      assert.match(response.headers['content-type'] as string, /^application\/json/);
      assert.deepEqual(response.json(), { message: 'Logo not found.' });
    });

    it('answers 404 for malformed names without looking further', async () => {
      await store(`logos/${HEX}.svg`, Buffer.from('<svg/>'));
      await store('logos/readme.png', pngFile());
      for (const name of [`${HEX}.svg`, 'readme.png', `${HEX.toUpperCase()}.png`, `${HEX}.png.exe`, `${HEX}`, '.png']) {
        const response = await get(`/files/logos/${encodeURIComponent(name)}`);
        assert.equal(response.statusCode, 404, name);
        assert.equal(typeof response.json().message, 'string');
      }
    });

    it('never reaches CVs, attachments or anything outside the logos folder', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const upload = await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', pdfFile('Private CV'), 'cv.pdf'),
      );
      assert.equal(upload.statusCode, 200);
      const row = await ctx.db
        .selectFrom('volunteers')
        .select('cv_storage_key')
        .where('id', '=', volunteer.id)
        .executeTakeFirstOrThrow();
      const cvKey = row.cv_storage_key!;
      const cvName = path.basename(cvKey);
      // A file with a logo-shaped name in another folder must not be served either.
      await store(`attachments/1/${HEX}.png`, pngFile());
      fs.writeFileSync(path.join(ctx.dataDir, `${HEX}.png`), pngFile());

      const attempts = [
        `/files/logos/..%2F${encodeURIComponent(cvKey)}`,
        `/files/logos/..%2F..%2F${encodeURIComponent(cvKey)}`,
        `/files/logos/%2e%2e/${cvKey}`,
        `/files/logos/../${cvKey}`,
        `/files/logos/..%5C${cvKey.replaceAll('/', '%5C')}`,
        `/files/${cvKey}`,
        `/files/cvs/${volunteer.id}/${cvName}`,
        `/files/logos/${cvName}`,
        `/files/attachments/1/${HEX}.png`,
        `/files/logos/..%2Fattachments%2F1%2F${HEX}.png`,
        `/files/logos/..%2F..%2F${HEX}.png`,
        `/files/logos/${HEX}.png%00.pdf`,
      ];
      for (const url of attempts) {
        const response = await get(url);
        assert.equal(response.statusCode, 404, url);
        assert.match(response.headers['content-type'] as string, /^application\/json/, url);
        assert.ok(!response.body.includes('Private CV'), url);
      }

      // The same over a real socket, where no client library can tidy the path first.
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      for (const url of attempts) {
        const { status, body } = await rawGet(port, url);
        assert.equal(status, 404, url);
        assert.ok(!body.includes('Private CV'), url);
      }
    });
  });
}

function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
