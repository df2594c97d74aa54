import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertFieldErrors, type FieldErrorCase } from '../helpers/assertions.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany } from '../helpers/factories.ts';
import { failWrites } from '../helpers/failing-writes.ts';
import { fileForm, filesUnder, gifFile, jpegFile, pdfFile, pngFile } from '../helpers/file-fixtures.ts';

for (const dialect of testDialects()) {
  describe(`company profile update [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const storedLogos = () => filesUnder(path.join(ctx.deps.config.storageDir, 'logos'));
    const logoName = (url: string) => url.slice('/files/logos/'.length);
    const fetchLogo = (url: string) => ctx.app.inject({ method: 'GET', url });

    /** A company whose profile already has a PNG logo. */
    async function companyWithLogo() {
      const { token, company } = await createCompany(ctx.db);
      const api = apiClient(ctx.app, token);
      const first = await api.multipart('PUT', '/api/companies/profile', fileForm('logo', pngFile(), 'first.png'));
      assert.equal(first.statusCode, 200);
      return { api, company, logoUrl: first.data.logo_url as string };
    }

    it('changes only the fields that were sent', async () => {
      const { token, company } = await createCompany(ctx.db, {
        company: {
          company_name: 'Old Name',
          industry: 'Retail',
          website: 'https://old.example',
          description: 'D',
          updated_at: '2020-01-01T00:00:00.000Z',
        },
      });
      const api = apiClient(ctx.app, token);
      const renamed = await api.put('/api/companies/profile', { company_name: 'New Name' });
      assert.equal(renamed.statusCode, 200);
      assert.equal(renamed.data.company_name, 'New Name');
      assert.equal(renamed.data.industry, 'Retail');
      assert.equal(renamed.data.website, 'https://old.example');
      assert.equal(renamed.data.description, 'D');
      assert.ok(renamed.data.updated_at > company.updated_at, 'updated_at moves on');

      const cleared = await api.put('/api/companies/profile', { website: null, industry: '' });
      assert.equal(cleared.data.website, null);
      assert.equal(cleared.data.industry, null);
      assert.equal(cleared.data.company_name, 'New Name');

      const reread = await api.get('/api/companies/profile');
      assert.deepEqual(reread.data, cleared.data);
    });

    it('validates what was sent, changing nothing on failure', async () => {
      const { token } = await createCompany(ctx.db, { company: { company_name: 'Stays' } });
      const api = apiClient(ctx.app, token);
      const cases: FieldErrorCase[] = [
        [{ company_name: '' }, 'company_name', 'The company name field is required.'],
        [{ company_name: null }, 'company_name', 'The company name field is required.'],
        [{ company_name: 'x'.repeat(256) }, 'company_name', 'not be greater than 255 characters'],
        [{ industry: 'x'.repeat(256) }, 'industry', 'not be greater than 255 characters'],
        [{ website: 'not a url' }, 'website', 'The website must be a web address starting with https:// or http://.'],
        [{ description: 'x'.repeat(2001) }, 'description', 'not be greater than 2000 characters'],
        [
          { logo: 'logo.png' },
          'logo',
          'The logo must be sent as a file (multipart/form-data), not as text. Upload your logo as a JPEG, PNG or GIF image, up to 2 MB.',
        ],
      ];
      await assertFieldErrors((body) => api.put('/api/companies/profile', body), cases);
      assert.equal((await api.get('/api/companies/profile')).data.company_name, 'Stays');
    });

    it('replaces the logo, removing the old file after the change', async () => {
      const { api, logoUrl } = await companyWithLogo();
      assert.ok(storedLogos().includes(logoName(logoUrl)));
      const replaced = await api.multipart(
        'PUT',
        '/api/companies/profile',
        fileForm('logo', jpegFile(), 'second.jpg', { industry: 'Media' }),
      );
      assert.equal(replaced.statusCode, 200);
      assert.equal(replaced.data.industry, 'Media');
      assert.notEqual(replaced.data.logo_url, logoUrl);
      assert.match(replaced.data.logo_url, /\.jpg$/);
      assert.equal((await fetchLogo(replaced.data.logo_url)).headers['content-type'], 'image/jpeg');
      assert.equal((await fetchLogo(logoUrl)).statusCode, 404);
      assert.ok(!storedLogos().includes(logoName(logoUrl)));
    });

    it('keeps the logo when none is sent, also from a browser form with an empty file input', async () => {
      const { api, logoUrl } = await companyWithLogo();
      const json = await api.put('/api/companies/profile', { description: 'Still here' });
      assert.equal(json.data.logo_url, logoUrl);
      const form = await api.multipart(
        'PUT',
        '/api/companies/profile',
        fileForm('logo', Buffer.alloc(0), '', { description: 'Form' }),
      );
      assert.equal(form.statusCode, 200);
      assert.equal(form.data.logo_url, logoUrl);
      assert.equal((await fetchLogo(logoUrl)).statusCode, 200);
    });

    it('removes the logo and its file with logo: null', async () => {
      const { api, logoUrl } = await companyWithLogo();
      const removed = await api.put('/api/companies/profile', { logo: null });
      assert.equal(removed.statusCode, 200);
      assert.equal(removed.data.logo_url, null);
      assert.ok(!storedLogos().includes(logoName(logoUrl)));
      assert.equal((await fetchLogo(logoUrl)).statusCode, 404);
    });

    it('refuses a bad logo and keeps the old one', async () => {
      const { api, logoUrl } = await companyWithLogo();
      const before = storedLogos();
      const response = await api.multipart(
        'PUT',
        '/api/companies/profile',
        fileForm('logo', pdfFile(), 'logo.gif', { company_name: 'Not Applied' }),
      );
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.data.errors, {
        logo: ['"logo.gif" is not a JPEG, PNG or GIF image. Upload your logo as a JPEG, PNG or GIF image, up to 2 MB.'],
      });
      const profile = await api.get('/api/companies/profile');
      assert.equal(profile.data.logo_url, logoUrl);
      assert.notEqual(profile.data.company_name, 'Not Applied');
      assert.deepEqual(storedLogos(), before);
    });

    it('leaves no new file and keeps the old logo when the change fails to commit', async () => {
      const { api, company, logoUrl } = await companyWithLogo();
      const before = storedLogos();
      const restore = await failWrites(ctx, 'companies', 'update');
      try {
        const failed = await api.multipart('PUT', '/api/companies/profile', fileForm('logo', gifFile(), 'new.gif'));
        assert.equal(failed.statusCode, 500);
        assert.deepEqual(failed.data, { message: 'Server Error' });
      } finally {
        await restore();
      }
      assert.deepEqual(storedLogos(), before);
      const row = await ctx.db
        .selectFrom('companies')
        .select('logo_storage_key')
        .where('id', '=', company.id)
        .executeTakeFirstOrThrow();
      assert.equal(`/files/${row.logo_storage_key}`, logoUrl);
      assert.deepEqual(filesUnder(path.join(ctx.dataDir, 'tmp')), []);
    });

    it('keeps exactly one logo file when two replacements race', async () => {
      const { api, company } = await companyWithLogo();
      const others = storedLogos().length - 1;
      const answers = await Promise.all([
        api.multipart('PUT', '/api/companies/profile', fileForm('logo', gifFile(), 'a.gif')),
        api.multipart('PUT', '/api/companies/profile', fileForm('logo', jpegFile(), 'b.jpg')),
      ]);
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200],
      );
      const row = await ctx.db
        .selectFrom('companies')
        .select('logo_storage_key')
        .where('id', '=', company.id)
        .executeTakeFirstOrThrow();
      assert.equal(storedLogos().length, others + 1);
      assert.ok(storedLogos().includes(path.basename(row.logo_storage_key ?? 'none')));
    });
  });
}
