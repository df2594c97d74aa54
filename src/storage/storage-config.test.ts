import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../config.ts';

/** The problems loadConfig reports for `env` (none: an empty list). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

describe('STORAGE_URL and the S3 settings', () => {
  it('keeps the local folder when unset or file:, under DATA_DIR or STORAGE_DIR', () => {
    for (const env of [{}, { STORAGE_URL: 'file:' }, { STORAGE_URL: '  ' }]) {
      const config = loadConfig({ DATA_DIR: '/srv/guild', ...env });
      assert.equal(config.objectStore, null);
      assert.equal(config.storageDir, '/srv/guild/storage');
    }
    assert.equal(loadConfig({ STORAGE_DIR: '/mnt/files' }).storageDir, '/mnt/files');
  });

  it('takes the folder from file:/path, file:///path or a relative file:path', () => {
    assert.equal(loadConfig({ STORAGE_URL: 'file:/mnt/files' }).storageDir, '/mnt/files');
    assert.equal(loadConfig({ STORAGE_URL: 'file:///mnt/files' }).storageDir, '/mnt/files');
    assert.equal(loadConfig({ STORAGE_URL: 'file:uploads' }).storageDir, path.resolve('uploads'));
    assert.equal(loadConfig({ STORAGE_URL: 'file:/mnt/files', STORAGE_DIR: '/mnt/files/' }).storageDir, '/mnt/files');
  });

  it('reads s3://bucket/prefix with the endpoint, region, path style and credentials', () => {
    const config = loadConfig({
      STORAGE_URL: 's3://guild-files/prod/eu/',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session',
    });
    assert.deepEqual(config.objectStore, {
      bucket: 'guild-files',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' },
    });
  });

  it('defaults to no prefix, AWS itself, AWS_REGION or us-east-1, virtual-hosted style and the SDK credential chain', () => {
    const config = loadConfig({ STORAGE_URL: 's3://guild-files' });
    assert.deepEqual(config.objectStore, {
      bucket: 'guild-files',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: null,
    });
    assert.equal(
      loadConfig({ STORAGE_URL: 's3://guild-files', AWS_REGION: 'ap-south-1' }).objectStore?.region,
      'ap-south-1',
    );
  });

  it('refuses other schemes, bad bucket names, queries, a bad endpoint, half credentials and conflicting folders', () => {
    assert.match(
      problemsOf({ STORAGE_URL: 'ftp://files' })[0],
      /STORAGE_URL must be file:, file:\/path\/to\/folder or s3:\/\/bucket\/prefix \(got "ftp:\/\/files"\)/,
    );
    for (const bucket of ['', 'ab', 'Guild', 'guild_files', '-guild', 'guild.', 'a..b', 'x'.repeat(64)]) {
      assert.match(problemsOf({ STORAGE_URL: `s3://${bucket}/p` }).join(' '), /must name a bucket of 3 to 63/, bucket);
    }
    assert.match(problemsOf({ STORAGE_URL: 's3://guild-files?region=eu' }).join(' '), /takes no query or fragment/);
    assert.match(
      problemsOf({ STORAGE_URL: 's3://guild-files', S3_ENDPOINT: 'minio:9000' })[0],
      /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/,
    );
    assert.deepEqual(problemsOf({ STORAGE_URL: 's3://guild-files', AWS_ACCESS_KEY_ID: 'AKIA' }), [
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together.',
    ]);
    assert.deepEqual(problemsOf({ STORAGE_URL: 's3://guild-files', AWS_SESSION_TOKEN: 't' }), [
      'AWS_SESSION_TOKEN needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.',
    ]);
    assert.match(
      problemsOf({ STORAGE_URL: 'file:/a', STORAGE_DIR: '/b' })[0],
      /STORAGE_DIR \(\/b\) and STORAGE_URL \(file:\/a\) name different folders/,
    );
    assert.match(
      problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })[0],
      /S3_ENDPOINT applies only to an s3:\/\/ STORAGE_URL/,
    );
    assert.match(
      problemsOf({ STORAGE_URL: 's3://guild-files', S3_FORCE_PATH_STYLE: 'maybe' })[0],
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
  });
});
