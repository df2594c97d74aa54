import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sendWebhook } from './webhook-sender.ts';

/**
 * The attempt's time limit, against a real receiver on loopback that takes the request and never answers: the
 * attempt ends by itself with the reason, instead of holding a job worker. The 10 s of production is shortened here.
 */
describe('sendWebhook time limit', () => {
  let server: http.Server;
  let url: string;
  const held: http.ServerResponse[] = [];

  before(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      held.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    for (const response of held) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on a receiver that does not answer in time, saying so', async () => {
    const result = await sendWebhook({
      url,
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      eventId: 'evt_timeout',
      body: '{"type":"ping"}',
      allowPrivate: true,
      timeoutMs: 300,
    });
    assert.equal(held.length, 1, 'the request reached the receiver');
    assert.deepEqual(result, {
      ok: false,
      status: null,
      excerpt: null,
      error: 'The endpoint did not answer within 0.3 s.',
    });
  });
});
