import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createStorage } from '../../src/storage/create-storage.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';
import { apiClient } from '../helpers/client.ts';
import { testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, pdfFile, pngFile } from '../helpers/file-fixtures.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { type CliWorld, createCliWorld } from './cli-harness.ts';

let s3: S3TestServer;
before(async () => {
  s3 = await startS3Server();
});
after(() => s3.stop());

/** `guild storage:check` (a child process) against the files an in-process API stored, on the disk and on S3. */
for (const dialect of testDialects()) {
  for (const store of ['disk', 's3'] as const) {
    describe(`guild storage:check on ${store} [${dialect}]`, () => {
      let world: CliWorld;
      let storage: FileStorage;
      before(async () => {
        world = await createCliWorld(dialect, store === 's3' ? s3.envWithPrefix(`cli-${dialect}`) : {});
        const migrated = await world.guild(['migrate']);
        assert.equal(migrated.code, 0, migrated.stderr);
        storage = await createStorage(loadConfig(world.env));
      });
      after(async () => {
        storage.close?.();
        await world.close();
      });

      it('passes when every row finds its file, and lists a missing one with exit code 1', async () => {
        // The CV as its upload leaves it (the world's API runs no queue, which an upload would need on PostgreSQL).
        const volunteer = await createVolunteer(world.db);
        const cvKey = `cvs/${volunteer.volunteer.id}/0123456789abcdef0123456789abcdef.pdf`;
        const local = path.join(world.dataDir, 'cv.pdf');
        fs.writeFileSync(local, pdfFile());
        await storage.putFile(cvKey, local);
        await world.db
          .updateTable('volunteers')
          .set({ cv_storage_key: cvKey, cv_file_name: 'cv.pdf' })
          .where('id', '=', volunteer.volunteer.id)
          .execute();
        const company = await createCompany(world.db);
        await apiClient(world.app, company.token).multipart(
          'PUT',
          '/api/companies/profile',
          fileForm('logo', pngFile(), 'logo.png'),
        );

        const fine = await world.guild(['storage:check']);
        assert.equal(fine.code, 0, fine.stderr);
        assert.match(fine.stdout, /^Checked 2 stored files in \S+: 0 missing\.$/m);

        await storage.remove(cvKey);
        const broken = await world.guild(['storage:check']);
        assert.equal(broken.code, 1);
        assert.match(broken.stdout, /Checked 2 stored files in \S+: 1 missing\./);
        assert.match(broken.stdout, new RegExp(`CV of contributor #${volunteer.volunteer.id}\\s+${cvKey}`));
        assert.match(broken.stderr, /1 row names a file the store does not hold\./);
      });

      it('lists the files no row names with --orphans', async () => {
        const local = path.join(world.dataDir, 'orphan.pdf');
        fs.writeFileSync(local, 'stored, then the process died');
        await storage.putFile('cvs/424242/orphan.pdf', local);
        const result = await world.guild(['storage:check', '--orphans']);
        assert.match(result.stdout, /^1 stored file no row names\.$/m);
        assert.match(result.stdout, /^\d{4}-\d\d-\d\dT\S+\s+cvs\/424242\/orphan\.pdf$/m);
        assert.match(result.stdout, /No sweep has run yet\./);
      });
    });
  }

  describe(`guild storage:check with the store away [${dialect}]`, () => {
    let world: CliWorld;
    before(async () => {
      const proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
      await proxy.close();
      world = await createCliWorld(dialect, { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
      await world.guild(['migrate']);
    });
    after(() => world.close());

    it('says the store cannot be used and exits 1', async () => {
      const result = await world.guild(['storage:check']);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /The object store s3:\/\/guild-test\/uploads\/ cannot be used: .*ECONNREFUSED/);
    });
  });
}
