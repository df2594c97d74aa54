import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifyPassword } from '../../src/modules/auth/passwords.ts';
import { testDialects } from '../helpers/context.ts';
import { type CliWorld, createCliWorld } from './cli-harness.ts';

const FAILURE = 1;

/** `guild user:create` sets a password, so the password policy (password-policy.ts) applies there too. */
for (const dialect of testDialects()) {
  describe(`guild user:create and the password policy [${dialect}]`, () => {
    let world: CliWorld;
    before(async () => {
      world = await createCliWorld(dialect);
      const migrated = await world.guild(['migrate']);
      assert.equal(migrated.code, 0, migrated.stderr);
    });
    after(() => world.close());

    const create = (email: string, name: string, password: string) =>
      world.guild(['user:create', '--type', 'company', '--email', email, '--name', name, '--password-stdin'], {
        stdin: `${password}\n`,
      });
    const users = async () => (await world.db.selectFrom('users').select('email').execute()).map((row) => row.email);

    it('refuses a common password and one made of the email or name, saying what to do, and writes nothing', async () => {
      const common = await create('ops@acme.test', 'Acme operations', 'Password123!');
      assert.equal(common.code, FAILURE);
      assert.match(common.stderr, /password is too easy to guess.*Choose another/);
      const personal = await create('ops@acme.test', 'Acme operations', 'acme operations 2025');
      assert.equal(personal.code, FAILURE);
      assert.match(personal.stderr, /must not contain your email address or name/);
      assert.deepEqual(await users(), []);
    });

    it('accepts a passphrase and stores it exactly as typed, spaces at either end included', async () => {
      const created = await create('crm@acme.test', 'CRM sync', '  quiet lantern orbit  ');
      assert.equal(created.code, 0, created.stderr);
      const user = await world.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'crm@acme.test')
        .executeTakeFirstOrThrow();
      assert.ok(await verifyPassword('  quiet lantern orbit  ', user.password_hash));
      assert.equal(await verifyPassword('quiet lantern orbit', user.password_hash), false);
    });
  });
}
