import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDatabaseUnavailable } from '../../src/db/errors.ts';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises a database that is away or cut off, on either engine', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'too many connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
      Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }),
      Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 517 }), // BUSY_SNAPSHOT
    ]) {
      assert.equal(isDatabaseUnavailable(error), true, String(error));
    }
  });

  it('leaves errors of the query itself alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value'),
      withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      withCode('42P01', 'relation does not exist'),
      Object.assign(new Error('UNIQUE constraint failed'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 }),
      new Error('Server Error'),
      null,
      'ECONNREFUSED',
    ]) {
      assert.equal(isDatabaseUnavailable(error), false, String(error));
    }
  });
});
