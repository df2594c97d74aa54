import assert from 'node:assert/strict';
import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * The gate of endpoints limited to one account type: each answers 401 without a token, and 403 with `message` to an
 * account of the other type, whatever body it is sent (a valid one here, so that only the gate can refuse it).
 */
export async function assertAccountTypeGate(
  app: FastifyInstance,
  endpoints: ReadonlyArray<readonly [HTTPMethods, string]>,
  { otherTypeToken, body, message }: { otherTypeToken: string; body: object; message: string },
): Promise<void> {
  for (const [method, url] of endpoints) {
    const payload = method === 'GET' ? undefined : body;
    const anonymous = await app.inject({ method, url, headers: { accept: 'application/json' }, body: payload });
    assert.equal(anonymous.statusCode, 401, `${method} ${url}`);
    assert.deepEqual(anonymous.json(), { message: 'Unauthenticated.' });
    const otherType = await app.inject({
      method,
      url,
      headers: { accept: 'application/json', authorization: `Bearer ${otherTypeToken}` },
      body: payload,
    });
    assert.equal(otherType.statusCode, 403, `${method} ${url}`);
    assert.deepEqual(otherType.json(), { message });
  }
}
