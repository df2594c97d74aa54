import assert from 'node:assert/strict';
import type { Db } from '../../src/db/database.ts';
import { type AuthUser, authenticateToken } from '../../src/modules/auth/tokens.service.ts';

/** The caller a token stands for, as the auth hook hands it to a route: for tests that call a service directly. */
export async function callerFor(db: Db, token: string): Promise<AuthUser> {
  const caller = await authenticateToken(db, token);
  assert.ok(caller, 'the token authenticates');
  return caller;
}
