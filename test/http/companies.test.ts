import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertAccountTypeGate, assertFieldErrors, type FieldErrorCase } from '../helpers/assertions.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, filesUnder, gifFile, jpegFile, padded, pdfFile, pngFile } from '../helpers/file-fixtures.ts';

const MiB = 1024 * 1024;
const VALID = {
  company_name: 'Acme Logistics',
  industry: 'Logistics',
  website: 'https://acme.example',
  description: 'We move things.',
};
const LOGO_URL = /^\/files\/logos\/[0-9a-f]{32}\.(png|jpg|gif)$/;

for (const dialect of testDialects()) {
  describe(`company profile [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const storedLogos = () => filesUnder(path.join(ctx.deps.config.storageDir, 'logos'));
    const tempFiles = () => filesUnder(path.join(ctx.dataDir, 'tmp'));
    const companyOf = (userId: number) =>
      ctx.db.selectFrom('companies').selectAll().where('user_id', '=', userId).executeTakeFirst();

    it('answers 401 without a token and 403 to contributor accounts on every endpoint', async () => {
      const { token } = await createVolunteer(ctx.db);
      const endpoints = [
        ['POST', '/api/companies/complete-profile'],
        ['GET', '/api/companies/profile'],
        ['PUT', '/api/companies/profile'],
      ] as const;
      await assertAccountTypeGate(ctx.app, endpoints, {
        otherTypeToken: token,
        body: VALID,
        message: 'Only company accounts can do this.',
      });
      const withLogo = await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/companies/complete-profile',
        fileForm('logo', pngFile(), 'logo.png', { company_name: 'Sneaky' }),
      );
      assert.equal(withLogo.statusCode, 403);
      assert.deepEqual(storedLogos(), []);
    });

    it('completes a profile once from JSON', async () => {
      const { user, token } = await createAccount(ctx.db, 'company');
      const api = apiClient(ctx.app, token);
      const created = await api.post('/api/companies/complete-profile', VALID);
      assert.equal(created.statusCode, 201);
      const { id, created_at, updated_at, ...rest } = created.data;
      assert.ok(Number.isInteger(id) && Date.parse(created_at) > 0 && Date.parse(updated_at) > 0);
      assert.deepEqual(rest, {
        ...VALID,
        user_id: user.id,
        logo_url: null,
        challenges_count: 0,
        challenges: [],
      });
      const again = await api.post('/api/companies/complete-profile', { company_name: 'Other' });
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.data, { message: 'You have already completed your company profile.' });
      assert.equal((await companyOf(user.id))?.company_name, 'Acme Logistics');
    });

    it('completes a profile from multipart with a logo that a browser can then open', async () => {
      const { token } = await createAccount(ctx.db, 'company');
      const response = await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/companies/complete-profile',
        fileForm('logo', pngFile(), 'logo.png', { company_name: 'Pixel Co', website: 'http://pixel.example' }),
      );
      assert.equal(response.statusCode, 201);
      assert.equal(response.data.company_name, 'Pixel Co');
      assert.equal(response.data.industry, null);
      assert.match(response.data.logo_url, LOGO_URL);
      const image = await ctx.app.inject({ method: 'GET', url: response.data.logo_url });
      assert.equal(image.statusCode, 200);
      assert.equal(image.headers['content-type'], 'image/png');
      assert.deepEqual(image.rawPayload, pngFile());
      assert.deepEqual(tempFiles(), []);
    });

    it('completes a profile from a form body; empty optional fields are null', async () => {
      const { token } = await createAccount(ctx.db, 'company');
      const response = await apiClient(ctx.app, token).post(
        '/api/companies/complete-profile',
        'company_name=Form+Co&industry=&website=&logo=',
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      assert.equal(response.statusCode, 201);
      assert.equal(response.data.company_name, 'Form Co');
      assert.equal(response.data.industry, null);
      assert.equal(response.data.website, null);
      assert.equal(response.data.logo_url, null);
    });

    it('lets exactly one of two simultaneous completions through and keeps only its logo', async () => {
      const { user, token } = await createAccount(ctx.db, 'company');
      const api = apiClient(ctx.app, token);
      const before = storedLogos().length;
      const answers = await Promise.all([
        api.multipart('POST', '/api/companies/complete-profile', fileForm('logo', pngFile(), 'a.png', VALID)),
        api.multipart('POST', '/api/companies/complete-profile', fileForm('logo', gifFile(), 'b.gif', VALID)),
      ]);
      assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 422]);
      const company = await companyOf(user.id);
      assert.equal(storedLogos().length, before + 1);
      assert.ok(storedLogos().includes(path.basename(company?.logo_storage_key ?? 'none')));
    });

    it('validates every field and the logo, writing nothing on failure', async () => {
      const { user, token } = await createAccount(ctx.db, 'company');
      const api = apiClient(ctx.app, token);
      const before = storedLogos().length;
      const cases: FieldErrorCase[] = [
        [{ industry: 'x' }, 'company_name', 'The company name field is required.'],
        [{ company_name: '  ' }, 'company_name', 'The company name field is required.'],
        [{ company_name: 7 }, 'company_name', 'The company name must be a string.'],
        [{ company_name: 'x'.repeat(256) }, 'company_name', 'not be greater than 255 characters'],
        [{ ...VALID, industry: 'x'.repeat(256) }, 'industry', 'not be greater than 255 characters'],
        [
          { ...VALID, website: 'acme.example' },
          'website',
          'The website must be a web address starting with https:// or http://.',
        ],
        [
          { ...VALID, website: 'ftp://acme.example' },
          'website',
          'The website must be a web address starting with https:// or http://.',
        ],
        [
          { ...VALID, website: 'javascript:alert(1)' },
          'website',
          'The website must be a web address starting with https:// or http://.',
        ],
        [{ ...VALID, description: 'x'.repeat(2001) }, 'description', 'not be greater than 2000 characters'],
        [
          { ...VALID, logo: 'iVBORw0KGgo=' },
          'logo',
          'The logo must be sent as a file (multipart/form-data), not as text. Upload your logo as a JPEG, PNG or GIF image, up to 2 MB.',
        ],
      ];
      await assertFieldErrors((body) => api.post('/api/companies/complete-profile', body), cases);
      const logos: Array<[Buffer, string, string]> = [
        [
          pdfFile(),
          'logo.png',
          '"logo.png" is not a JPEG, PNG or GIF image. Upload your logo as a JPEG, PNG or GIF image, up to 2 MB.',
        ],
        [
          padded(pngFile(), 2 * MiB + 1),
          'big.png',
          '"big.png" is larger than 2 MB. Upload your logo as a JPEG, PNG or GIF image, up to 2 MB.',
        ],
      ];
      for (const [bytes, name, message] of logos) {
        const response = await api.multipart(
          'POST',
          '/api/companies/complete-profile',
          fileForm('logo', bytes, name, VALID),
        );
        assert.equal(response.statusCode, 422, name);
        assert.deepEqual(response.data, { message, errors: { logo: [message] } });
      }
      assert.equal(await companyOf(user.id), undefined);
      assert.equal(storedLogos().length, before);
      assert.deepEqual(tempFiles(), []);
    });

    it('takes values at their limits and JPEG and GIF logos of exactly 2 MB', async () => {
      for (const [logo, name] of [
        [jpegFile(), 'logo.jpg'],
        [gifFile(), 'logo.gif'],
      ] as const) {
        const { token } = await createAccount(ctx.db, 'company');
        const response = await apiClient(ctx.app, token).multipart(
          'POST',
          '/api/companies/complete-profile',
          fileForm('logo', padded(logo, 2 * MiB), name, {
            company_name: 'é'.repeat(255),
            description: '🎉'.repeat(2000),
          }),
        );
        assert.equal(response.statusCode, 201, name);
        assert.match(response.data.logo_url, name.endsWith('.jpg') ? /\.jpg$/ : /\.gif$/);
      }
    });

    it('answers 404 with directions before the profile exists, storing no logo', async () => {
      const { token } = await createAccount(ctx.db, 'company');
      const api = apiClient(ctx.app, token);
      const before = storedLogos().length;
      for (const response of [
        await api.get('/api/companies/profile'),
        await api.put('/api/companies/profile', { industry: 'x' }),
        await api.multipart('PUT', '/api/companies/profile', fileForm('logo', pngFile(), 'logo.png')),
      ]) {
        assert.equal(response.statusCode, 404);
        assert.deepEqual(response.data, {
          message: 'Company profile not found. Complete it first with POST /api/companies/complete-profile.',
        });
      }
      assert.equal(storedLogos().length, before);
    });

    it("reads the profile with all of the company's own challenges, newest first", async () => {
      const { company, token } = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const statuses = ['submitted', 'rejected', 'active', 'archived'];
      const created = [];
      for (const status of statuses) created.push(await createChallenge(ctx.db, company.id, { status }));
      await createChallenge(ctx.db, other.company.id);

      const response = await apiClient(ctx.app, token).get('/api/companies/profile');
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.id, company.id);
      assert.equal(response.data.challenges_count, 4);
      assert.deepEqual(
        response.data.challenges.map((challenge: { id: number; status: string }) => [challenge.id, challenge.status]),
        created.reverse().map((challenge) => [challenge.id, challenge.status]),
      );
      assert.deepEqual(Object.keys(response.data.challenges[0]).sort(), [
        'challenge_type',
        'complexity_level',
        'created_at',
        'id',
        'score',
        'status',
        'title',
      ]);
    });
  });
}
