import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson, isKeptStatus, isValidIdempotencyKey, requestFingerprint } from './idempotency-request.ts';

describe('idempotency request rules', () => {
  it('takes keys of 1 to 255 visible ASCII characters and nothing else', () => {
    for (const key of ['a', '8e03978e-40d5-43e8-bc93-6894a57f9324', '"quoted"', '!~', 'k'.repeat(255)]) {
      assert.equal(isValidIdempotencyKey(key), true, key);
    }
    for (const key of ['', 'k'.repeat(256), 'two words', 'tab\there', 'naïve', 'a, b', 'line\n', '\u007f', undefined]) {
      assert.equal(isValidIdempotencyKey(key), false, JSON.stringify(key));
    }
    assert.equal(isValidIdempotencyKey(['a', 'b']), false, 'a key sent twice');
  });

  it('writes the same JSON for the same values in any key order, and different JSON otherwise', () => {
    assert.equal(canonicalJson({ b: 1, a: [{ y: 2, x: null }] }), '{"a":[{"x":null,"y":2}],"b":1}');
    assert.equal(canonicalJson({ a: 1, b: undefined }), canonicalJson({ a: 1 }));
    assert.notEqual(canonicalJson({ a: '1' }), canonicalJson({ a: 1 }));
    assert.notEqual(canonicalJson(['a', 'b']), canonicalJson(['b', 'a']));
  });

  it('fingerprints the body and every file, and nothing else', () => {
    const file = { field: 'cv', fileName: 'cv.pdf', size: 3, sha256: 'aa' };
    const base = { body: { a: 1 }, files: [file], ignoredFileFields: [] };
    const same = requestFingerprint(base);
    assert.equal(same.length, 64, 'a hex SHA-256');
    assert.equal(requestFingerprint({ ...base, body: { a: 1 } }), same);
    assert.notEqual(requestFingerprint({ ...base, body: { a: 2 } }), same);
    assert.notEqual(requestFingerprint({ ...base, files: [{ ...file, sha256: 'bb' }] }), same);
    assert.notEqual(requestFingerprint({ ...base, files: [{ ...file, fileName: 'other.pdf' }] }), same);
    assert.notEqual(requestFingerprint({ ...base, ignoredFileFields: ['photo'] }), same);
    assert.equal(
      requestFingerprint({ body: undefined, files: [], ignoredFileFields: [] }),
      requestFingerprint({ body: null, files: [], ignoredFileFields: [] }),
    );
  });

  it('keeps answers, not refusals to answer now', () => {
    for (const status of [200, 201, 202, 204, 303, 400, 403, 404, 422]) assert.equal(isKeptStatus(status), true);
    for (const status of [409, 429, 500, 503]) assert.equal(isKeptStatus(status), false);
  });
});
