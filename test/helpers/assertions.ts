import assert from 'node:assert/strict';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ApiResponse } from './client.ts';

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

/** A body, the field it gets wrong, and (part of) the sentence the 422 gives for that field. */
export type FieldErrorCase = [body: Record<string, unknown>, field: string, message: string];

/** Each body is refused with a 422 whose `errors[field]` has a sentence containing `message`. */
export async function assertFieldErrors(
  send: (body: Record<string, unknown>) => Promise<ApiResponse>,
  cases: readonly FieldErrorCase[],
): Promise<void> {
  for (const [body, field, message] of cases) {
    const response = await send(body);
    const label = JSON.stringify(body).slice(0, 80);
    assert.equal(response.statusCode, 422, label);
    assert.ok(
      response.data.errors[field]?.some((text: string) => text.includes(message)),
      `${label} → ${field}: ${JSON.stringify(response.data.errors)}`,
    );
  }
}
