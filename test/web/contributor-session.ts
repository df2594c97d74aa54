import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { type WebClient, webClient } from '../helpers/web-client.ts';

/** People for the contributor page tests: factory users who can sign in through the real login form. */
export const PASSWORD = 'correct horse battery';

let hash: Promise<string> | null = null;

/** One password hash for every test user (hashing is deliberately slow). Pass as `{ user: withPassword() }`. */
export async function withPassword(): Promise<{ password_hash: string }> {
  hash ??= hashPassword(PASSWORD);
  return { password_hash: await hash };
}

/** A browser-like client signed in as `email` through POST /login. */
export async function signedIn(app: FastifyInstance, email: string): Promise<WebClient> {
  const client = webClient(app);
  const response = await client.submit('/login', '/login', { email, password: PASSWORD });
  assert.equal(response.statusCode, 303, 'signed in');
  return client;
}
