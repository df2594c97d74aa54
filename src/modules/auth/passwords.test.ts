import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import {
  hashingLoad,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  needsRehash,
  SCRYPT_COST,
  verifyPassword,
} from './passwords.ts';

/** A hash as an older release stored it (N=2^15, r=8, p=1), made without the module under test. */
function legacyHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

describe('password hashing', () => {
  it("hashes at OWASP's scrypt cost (N=2^15, r=8, p=3), the cost written in the hash", async () => {
    assert.deepEqual({ ...SCRYPT_COST }, { N: 32768, r: 8, p: 3 });
    const stored = await hashPassword('correct horse battery');
    assert.match(stored, /^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    assert.equal(await verifyPassword('correct horse battery', stored), true);
    assert.equal(await verifyPassword('correct horse batterY', stored), false);
    assert.equal(needsRehash(stored), false);
  });

  it('checks a password exactly as given: spaces at either end are part of it', async () => {
    const stored = await hashPassword('  padded secret  ');
    assert.equal(await verifyPassword('  padded secret  ', stored), true);
    assert.equal(await verifyPassword('padded secret', stored), false);
    assert.equal(await verifyPassword(' padded secret ', stored), false);
  });

  it('still verifies hashes of the earlier, lower cost, and says they need hashing again', async () => {
    const stored = legacyHash('old password here');
    assert.equal(await verifyPassword('old password here', stored), true);
    assert.equal(await verifyPassword('wrong', stored), false);
    assert.equal(needsRehash(stored), true);
  });

  it("counts OWASP's other equivalent settings as current only when they hold as much memory per lane", () => {
    const at = (N: number, r: number, p: number) => `scrypt$${N}$${r}$${p}$c2FsdA$aGFzaA`;
    assert.equal(needsRehash(at(2 ** 17, 8, 1)), false, 'the cheat sheet first setting is stronger in memory');
    assert.equal(needsRehash(at(2 ** 16, 8, 2)), false);
    assert.equal(needsRehash(at(2 ** 14, 8, 5)), true, 'less memory per lane than ours');
    assert.equal(needsRehash(at(2 ** 15, 8, 2)), true, 'less time than ours');
  });

  it('refuses what is not a hash of ours without throwing', async () => {
    for (const stored of [null, '', 'plain', 'bcrypt$2b$10$x', 'scrypt$abc$8$1$c2FsdA$aGFzaA', 'scrypt$1$8$1$$']) {
      assert.equal(await verifyPassword('anything', stored), false, String(stored));
    }
    assert.equal(needsRehash('plain'), false);
  });

  it(`computes at most ${MAX_CONCURRENT_HASHES} hashes at a time; the others wait their turn`, async () => {
    const hashes = Array.from({ length: 5 }, (_, i) => hashPassword(`password number ${i}`));
    assert.deepEqual(hashingLoad(), { running: MAX_CONCURRENT_HASHES, waiting: 5 - MAX_CONCURRENT_HASHES });
    const stored = await Promise.all(hashes);
    assert.deepEqual(hashingLoad(), { running: 0, waiting: 0 });
    assert.equal(await verifyPassword('password number 4', stored[4]), true);
  });
});
