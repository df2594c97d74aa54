import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { fileForm, filesUnder, pdfFile } from '../helpers/file-fixtures.ts';

/**
 * Issue 10 (low list): what the service writes under its data directory is readable by its own user only — folders
 * 0700, files 0600 — whatever the process umask: the upload's temp file, the stored CV and the folders storage
 * creates for it, and the SQLite database file.
 */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(3, '0');

for (const dialect of testDialects()) {
  describe(`owner-only files [${dialect}]`, () => {
    let ctx: TestContext;
    let previousUmask: number;
    const tempModes: number[] = [];
    before(async () => {
      // The usual umask lets everyone read what is created; the modes must not depend on it.
      previousUmask = process.umask(0o022);
      ctx = await createTestContext(dialect);
      // See the temp file as the upload hands it to storage (it is gone by the time the reply arrives).
      const storage = ctx.deps.storage;
      const putFile = storage.putFile.bind(storage);
      storage.putFile = async (key, localPath) => {
        tempModes.push(modeOf(localPath));
        return putFile(key, localPath);
      };
    });
    after(async () => {
      await ctx.close();
      process.umask(previousUmask);
    });

    it('an uploaded CV: temp file, stored file and the folders storage made are owner-only', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db, {});
      const response = await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', pdfFile(), 'cv.pdf'),
      );
      assert.equal(response.statusCode, 200, response.body);

      assert.deepEqual(tempModes.map(octal), ['600']);
      assert.equal(octal(modeOf(path.join(ctx.dataDir, 'tmp'))), '700');

      const storageDir = ctx.deps.config.storageDir;
      const stored = filesUnder(storageDir);
      assert.equal(stored.length, 1, stored.join(', '));
      assert.equal(octal(modeOf(path.join(storageDir, stored[0]))), '600');
      // Every folder from the storage root down to the file was created by storage for this upload.
      for (let dir = path.dirname(path.join(storageDir, stored[0])); dir !== path.dirname(storageDir); ) {
        assert.equal(octal(modeOf(dir)), '700', dir);
        dir = path.dirname(dir);
      }
      assert.ok(stored[0].startsWith(`cvs${path.sep}${volunteer.id}${path.sep}`));
    });

    it('the SQLite database file is owner-only', { skip: dialect !== 'sqlite' }, () => {
      const file = path.join(ctx.dataDir, 'test.sqlite');
      assert.equal(octal(modeOf(file)), '600');
      for (const companion of [`${file}-wal`, `${file}-shm`]) {
        if (fs.existsSync(companion)) assert.equal(octal(modeOf(companion)), '600', companion);
      }
    });
  });
}
