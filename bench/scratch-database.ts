import crypto from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on the server `serverUrl` points at, for one benchmark or CLI test run. A whole
 * database rather than a schema: the server and the CLI migrate the database they are given as a deployment would,
 * with no search_path tricks, and dropping it leaves nothing behind.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
