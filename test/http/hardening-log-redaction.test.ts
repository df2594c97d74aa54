import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { redactUrl } from '../../src/http/request-log.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { captureLog } from '../helpers/log-capture.ts';

/**
 * Issue 10 (low list): an OIDC authorization code (and the state beside it) never reaches the log. The request log
 * line of the LinkedIn callback is read as pino writes it (to stdout, synchronously through `fs.writeSync`).
 */
const CODE = 'AQT-secret-authorization-code-7f3a9c';
const STATE = 'state-value-41d2e8b0';

for (const dialect of testDialects()) {
  describe(`OIDC codes stay out of the log [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { LOG_LEVEL: 'info' });
    });
    after(() => ctx.close());

    const callbackUrls = [
      `/api/auth/linkedin/callback?code=${CODE}&state=${STATE}`,
      `/api/auth/linkedin/callback?state=${STATE}&c%6Fde=${CODE}`,
      `/%61pi/auth/linkedin/callback?CODE=${CODE}&STATE=${STATE}&code=${CODE}`,
      `/api/auth/linkedin/callback?error=access_denied&state=${STATE}`,
    ];
    for (const url of callbackUrls) {
      it(`GET ${url.split('?')[0]}?… logs the request without the code or state`, async () => {
        const lines = await captureLog(ctx.app, () => ctx.app.inject({ method: 'GET', url }));
        const requestLines = lines.filter((line) => line.includes('"incoming request"'));
        assert.equal(requestLines.length, 1, `the request is logged: ${lines.join('\n')}`);
        assert.match(requestLines[0], /linkedin\/callback\?/);
        assert.match(requestLines[0], /\[Redacted\]/);
        for (const line of lines) {
          assert.ok(!line.includes(CODE), `the code is in the log: ${line}`);
          assert.ok(!line.includes(STATE), `the state is in the log: ${line}`);
        }
      });
    }

    it('other query strings are logged as they came', async () => {
      const lines = await captureLog(ctx.app, () =>
        ctx.app.inject({ method: 'GET', url: '/api/health?probe=k8s&x=1' }),
      );
      assert.ok(
        lines.some((line) => line.includes('"url":"/api/health?probe=k8s&x=1"')),
        lines.join('\n'),
      );
    });
  });
}

describe('redactUrl', () => {
  it('replaces only the values of secret parameters', () => {
    assert.equal(redactUrl('/a?code=1&b=2&state=3'), '/a?code=[Redacted]&b=2&state=[Redacted]');
    assert.equal(redactUrl('/a?b=2'), '/a?b=2');
    assert.equal(redactUrl('/a'), '/a');
    assert.equal(redactUrl('/a?access_token=x&%ZZ=1'), '/a?access_token=[Redacted]&%ZZ=1');
    assert.equal(redactUrl('/a?code'), '/a?code=[Redacted]');
  });
});
