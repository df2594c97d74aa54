import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SCRYPT_COST, verifyPassword } from '../../src/modules/auth/passwords.ts';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';
import { webClient } from '../helpers/web-client.ts';
import { uniqueEmail } from './auth-pages.ts';

/** A hash as the earlier release stored it (N=2^15, r=8, p=1), made without the code under test. */
function legacyHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

const CURRENT_COST = `scrypt$${SCRYPT_COST.N}$${SCRYPT_COST.r}$${SCRYPT_COST.p}$`;

for (const dialect of testDialects()) {
  describe(`passwords at sign-in [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      // The rehash from the earlier cost to the service's own.
      ctx = await createTestContext(dialect, {}, { servicePasswordCost: true });
    });
    after(() => ctx.close());

    const storedHash = async (email: string) =>
      (await ctx.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
        .password_hash ?? '';
    const signIn = (email: string, password: string) =>
      webClient(ctx.app).submit('/login', '/login', { email, password });

    it('signs in with a hash of the earlier scrypt cost and stores the password again at the current cost', async () => {
      const email = uniqueEmail('legacy');
      await createUser(ctx.db, 'contributor', { email, password_hash: legacyHash('an older passphrase') });

      const wrong = await signIn(email, 'not the passphrase');
      assert.equal(wrong.statusCode, 422);
      assert.ok((await storedHash(email)).startsWith('scrypt$32768$8$1$'), 'a failed sign-in changes nothing');

      const signedIn = await signIn(email, 'an older passphrase');
      assert.equal(signedIn.statusCode, 303);
      const rehashed = await storedHash(email);
      assert.ok(rehashed.startsWith(CURRENT_COST), rehashed);
      assert.ok(await verifyPassword('an older passphrase', rehashed));

      assert.equal((await signIn(email, 'an older passphrase')).statusCode, 303, 'the new hash signs in');
      assert.equal(await storedHash(email), rehashed, 'a current hash is left as it is');
    });

    it('takes a password with spaces at either end exactly as typed, never trimmed', async () => {
      const email = uniqueEmail('spaces');
      const password = '  padded secret phrase  ';
      await createAccount(ctx.db, { name: 'Spacey', email, password, accountType: 'contributor' });

      assert.equal((await signIn(email, 'padded secret phrase')).statusCode, 422, 'trimmed is another password');
      assert.equal((await signIn(email, ' padded secret phrase ')).statusCode, 422);
      const exact = await signIn(email, password);
      assert.equal(exact.statusCode, 303);
      assert.equal(exact.headers.location, '/dashboard');
    });
  });
}
