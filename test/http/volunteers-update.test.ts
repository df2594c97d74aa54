import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertFieldErrors, type FieldErrorCase } from '../helpers/assertions.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { fileForm, filesUnder, pdfFile } from '../helpers/file-fixtures.ts';

const CV_HERE = 'The cv cannot be sent here. Upload it with POST /api/volunteers/upload-cv.';

for (const dialect of testDialects()) {
  describe(`contributor profile update [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const newVolunteer = () =>
      createVolunteer(ctx.db, {
        volunteer: {
          field: 'Design',
          bio: 'Old bio',
          availability_hours_per_week: 10,
          updated_at: '2020-01-01T00:00:00.000Z',
        },
      });

    it('changes only the fields that were sent', async () => {
      const { token, volunteer } = await newVolunteer();
      const api = apiClient(ctx.app, token);
      const hours = await api.put('/api/volunteers/profile', { availability_hours_per_week: 20 });
      assert.equal(hours.statusCode, 200);
      assert.equal(hours.data.availability_hours_per_week, 20);
      assert.equal(hours.data.field, 'Design');
      assert.equal(hours.data.bio, 'Old bio');
      assert.ok(hours.data.updated_at > volunteer.updated_at);

      const field = await api.put('/api/volunteers/profile', { field: '  Research  ' });
      assert.equal(field.data.field, 'Research');
      assert.equal(field.data.availability_hours_per_week, 20);
      assert.equal(field.data.bio, 'Old bio');

      const nothing = await api.put('/api/volunteers/profile', {});
      assert.equal(nothing.statusCode, 200);
      assert.equal(nothing.data.field, 'Research');

      const reread = await api.get('/api/volunteers/profile');
      assert.deepEqual(reread.data, nothing.data);
    });

    it('clears the bio with null or an empty string', async () => {
      const { token } = await newVolunteer();
      const api = apiClient(ctx.app, token);
      assert.equal((await api.put('/api/volunteers/profile', { bio: '' })).data.bio, null);
      assert.equal((await api.put('/api/volunteers/profile', { bio: 'Back' })).data.bio, 'Back');
      assert.equal((await api.put('/api/volunteers/profile', { bio: null })).data.bio, null);
    });

    it('accepts form and multipart bodies without files', async () => {
      const { token } = await newVolunteer();
      const api = apiClient(ctx.app, token);
      const form = await api.put('/api/volunteers/profile', 'availability_hours_per_week=30', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      assert.equal(form.statusCode, 200);
      assert.equal(form.data.availability_hours_per_week, 30);
      const multipart = new FormData();
      multipart.append('field', 'Teaching');
      const response = await api.multipart('PUT', '/api/volunteers/profile', multipart);
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.field, 'Teaching');
    });

    it('validates what was sent, changing nothing on failure', async () => {
      const { token } = await newVolunteer();
      const api = apiClient(ctx.app, token);
      const cases: FieldErrorCase[] = [
        [{ availability_hours_per_week: '10' }, 'availability_hours_per_week', 'must be an integer'],
        [{ availability_hours_per_week: 169 }, 'availability_hours_per_week', 'not be greater than 168'],
        [{ availability_hours_per_week: -5 }, 'availability_hours_per_week', 'must be at least 0'],
        [{ availability_hours_per_week: null }, 'availability_hours_per_week', 'field is required'],
        [{ field: '' }, 'field', 'The field field is required.'],
        [{ field: 'x'.repeat(256) }, 'field', 'not be greater than 255 characters'],
        [{ bio: 'x'.repeat(2001), field: 'Valid' }, 'bio', 'not be greater than 2000 characters'],
      ];
      await assertFieldErrors((body) => api.put('/api/volunteers/profile', body), cases);
      const profile = await api.get('/api/volunteers/profile');
      assert.equal(profile.data.field, 'Design');
      assert.equal(profile.data.availability_hours_per_week, 10);
    });

    it('refuses a cv in any form, pointing to upload-cv, and keeps no file', async () => {
      const { token } = await newVolunteer();
      const api = apiClient(ctx.app, token);
      const asFile = await api.multipart(
        'PUT',
        '/api/volunteers/profile',
        fileForm('cv', pdfFile(), 'cv.pdf', { field: 'Changed' }),
      );
      const asJson = await api.put('/api/volunteers/profile', { field: 'Changed', cv: 'base64...' });
      const asNull = await api.put('/api/volunteers/profile', { cv: null });
      const asFormField = await api.put('/api/volunteers/profile', 'field=Changed&cv=cv.pdf', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      for (const response of [asFile, asJson, asNull, asFormField]) {
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.data, { message: CV_HERE, errors: { cv: [CV_HERE] } });
      }
      assert.equal((await api.get('/api/volunteers/profile')).data.field, 'Design');
      assert.deepEqual(filesUnder(path.join(ctx.dataDir, 'tmp')), []);
      assert.deepEqual(filesUnder(ctx.deps.config.storageDir), []);
    });
  });
}
