import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import {
  findOrphans,
  ORPHAN_GRACE_MS,
  runDueSweep,
  SWEEP_INTERVAL_MS,
  sweepOrphans,
} from '../../src/storage/orphan-sweep.ts';
import { lastSweep } from '../../src/storage/stored-files.repository.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, pdfFile, pngFile } from '../helpers/file-fixtures.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';

let s3: S3TestServer;
before(async () => {
  s3 = await startS3Server();
});
after(() => s3.stop());

const HOUR = 3600 * 1000;

for (const dialect of testDialects()) {
  for (const store of ['disk', 's3'] as const) {
    describe(`orphan sweep on ${store} [${dialect}]`, () => {
      let ctx: TestContext;
      before(async () => {
        ctx = await createTestContext(dialect, store === 's3' ? s3.envWithPrefix(`sweep-${dialect}`) : {});
      });
      after(() => ctx.close());

      const storeFile = async (key: string) => {
        const local = path.join(ctx.dataDir, `orphan-${path.basename(key)}`);
        fs.writeFileSync(local, 'left behind');
        await ctx.deps.storage.putFile(key, local);
      };
      const keys = async () => {
        const all: string[] = [];
        for await (const key of ctx.deps.storage.keys()) all.push(key);
        return all.sort();
      };

      it('removes files no row names once they are older than the grace period, and keeps every named one', async () => {
        const { token } = await createVolunteer(ctx.db);
        await apiClient(ctx.app, token).multipart(
          'POST',
          '/api/volunteers/upload-cv',
          fileForm('cv', pdfFile(), 'cv.pdf'),
        );
        const company = await createCompany(ctx.db);
        await apiClient(ctx.app, company.token).multipart(
          'PUT',
          '/api/companies/profile',
          fileForm('logo', pngFile(), 'l.png'),
        );
        const named = await keys();
        assert.equal(named.length, 2);
        await storeFile('cvs/999/crashed-before-its-row.pdf');
        await storeFile('attachments/5/orphan');

        // Just stored: within the grace period, an upload whose row may still be on its way.
        assert.equal(await sweepOrphans(ctx.deps), 0);
        assert.equal((await keys()).length, 4);

        const later = new Date(Date.now() + ORPHAN_GRACE_MS + HOUR);
        const found = [];
        for await (const orphan of findOrphans(ctx.db, ctx.deps.storage, null)) found.push(orphan.key);
        assert.deepEqual(found.sort(), ['attachments/5/orphan', 'cvs/999/crashed-before-its-row.pdf']);

        assert.equal(await sweepOrphans(ctx.deps, later), 2);
        assert.deepEqual(await keys(), named, 'the CV and the logo stay');
        assert.equal((await lastSweep(ctx.db))?.last_removed, 2);
        assert.equal(await sweepOrphans(ctx.deps, later), 0, 'a second run finds nothing');
      });

      it("is run by the storage.sweep-orphans job once the day's sweep is due", async () => {
        await storeFile('logos/ffffffffffffffffffffffffffffffff.png');
        // The job sweeps with the real clock: the file is young, so it stays; the job still records its run.
        await jobRegistry['storage.sweep-orphans'].handle(ctx.deps, {});
        assert.ok((await keys()).includes('logos/ffffffffffffffffffffffffffffffff.png'));
        assert.ok((await lastSweep(ctx.db))?.last_finished_at);
        const later = new Date(Date.now() + ORPHAN_GRACE_MS + HOUR);
        assert.equal(await sweepOrphans(ctx.deps, later), 1);
      });
    });
  }

  describe(`orphan sweep schedule [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('sweeps once per period, however many processes run the job at once', async () => {
      const now = new Date();
      // A fresh install: the first sweep is due at once. Five workers run the periodic job at the same moment.
      const runs = await Promise.all(Array.from({ length: 5 }, () => runDueSweep(ctx.deps, now)));
      assert.deepEqual(
        runs.filter((removed) => removed !== null),
        [0],
        'one run swept (nothing to remove), the others found it taken',
      );
      assert.equal(
        await runDueSweep(ctx.deps, new Date(now.getTime() + SWEEP_INTERVAL_MS - 1000)),
        null,
        'not yet due',
      );
      assert.equal(await runDueSweep(ctx.deps, new Date(now.getTime() + SWEEP_INTERVAL_MS)), 0, 'a period later');
    });
  });
}
