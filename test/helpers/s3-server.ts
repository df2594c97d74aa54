import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks request signatures against this key pair. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-compatible server on loopback (s3rver, on a free port, files in a temp folder) with one bucket, for the
 * S3 adapter's tests and for processes that must share an object store. `env` is what a Guild process needs to use
 * it (STORAGE_URL and the S3_ and AWS_ variables); `storageUrl` alone is `s3://<bucket>/<prefix>`.
 */
export type S3TestServer = {
  port: number;
  endpoint: string;
  bucket: string;
  prefix: string;
  storageUrl: string;
  env: Record<string, string>;
  /** `env` with another key prefix in the same bucket: stores that must not see each other's files. */
  envWithPrefix(prefix: string): Record<string, string>;
  /** The folder s3rver keeps the bucket in (to look at what is stored without the S3 API). */
  directory: string;
  /** Another bucket on the same server (tests that need stores apart). */
  createBucket(name: string): Promise<void>;
  /** Stops the server, cutting open connections, and removes its files. */
  stop(): Promise<void>;
};

export async function startS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'guild-test';
  const prefix = options.prefix ?? 'uploads';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = `s3://${bucket}/${prefix}`;
  const env = {
    STORAGE_URL: storageUrl,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
  };
  return {
    port,
    endpoint,
    bucket,
    prefix,
    storageUrl,
    directory,
    env,
    envWithPrefix: (other) => ({ ...env, STORAGE_URL: `s3://${bucket}/${other}` }),
    async createBucket(name) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    async stop() {
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
