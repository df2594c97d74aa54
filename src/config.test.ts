import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dialect, 'sqlite');
    assert.equal(config.dataDir, path.resolve('var'));
    assert.equal(config.databaseUrl, `sqlite:${path.resolve('var', 'guild.sqlite')}`);
    assert.equal(config.storageDir, path.resolve('var', 'storage'));
    assert.equal(config.embeddedWorker, true);
    assert.equal(config.trustProxy, false, 'X-Forwarded-For is not believed unless configured');
    assert.equal(config.aiProvider, 'local');
    assert.equal(config.tokenTtlSeconds, null);
    assert.ok(Object.isFrozen(config));
  });

  it('switches to PostgreSQL on a postgres:// URL and keeps DATA_DIR for files', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/guild', DATA_DIR: '/srv/guild' });
    assert.equal(config.dialect, 'postgres');
    assert.equal(config.databaseUrl, 'postgres://u@db:5432/guild');
    assert.equal(config.storageDir, '/srv/guild/storage');
  });

  it('reports every problem at once, naming the variable', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', EMBEDDED_WORKER: 'maybe', AI_PROVIDER: 'magic' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        assert.match(error.message, /PORT must be an integer/);
        assert.match(error.message, /DATABASE_URL must start with/);
        assert.match(error.message, /EMBEDDED_WORKER must be true or false/);
        assert.match(error.message, /AI_PROVIDER must be one of local, openai, anthropic/);
        return true;
      },
    );
  });

  it('needs a model name for model providers, and a key for Anthropic and for OpenAI itself', () => {
    assert.throws(() => loadConfig({ AI_PROVIDER: 'openai' }), /AI_MODEL is required/);
    assert.throws(() => loadConfig({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude' }), /AI_API_KEY is required/);
    assert.throws(() => loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o' }), /AI_API_KEY is required/);
    const config = loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'llama3', AI_BASE_URL: 'http://127.0.0.1:11434/v1' });
    assert.equal(config.ai.model, 'llama3');
    assert.equal(config.ai.baseUrl, 'http://127.0.0.1:11434/v1');
  });

  it('reads token lifetime and flags', () => {
    const config = loadConfig({ TOKEN_TTL: '3600', EMBEDDED_WORKER: 'off', PORT: ' 8080 ' });
    assert.equal(config.tokenTtlSeconds, 3600);
    assert.equal(config.embeddedWorker, false);
    assert.equal(config.port, 8080);
  });

  it('takes TRUST_PROXY as proxy addresses and ranges, or a hop count, and refuses trusting everyone', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
    assert.deepEqual(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,fd00::/8,loopback' }).trustProxy, [
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    assert.equal(typeof hops, 'function');
    if (typeof hops !== 'function') return;
    assert.equal(hops.hops, 2);
    assert.deepEqual([hops('10.0.0.1', 0), hops('10.0.0.2', 1), hops('203.0.113.9', 2)], [true, true, false]);

    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: value }),
        /TRUST_PROXY=.* would let any client choose its own address/,
      );
    }
    assert.throws(() => loadConfig({ TRUST_PROXY: '11' }), /hop count must be from 0 to 10/);
    assert.throws(
      () => loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33, proxy.internal, 1.2.3.4/8/1, 010.0.0.1' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(
          error.problems[0],
          'TRUST_PROXY must be false, a hop count, or IP addresses / CIDR ranges separated by commas (not valid: ' +
            '"10.0.0.0/33", "proxy.internal", "1.2.3.4/8/1", "010.0.0.1").',
        );
        return true;
      },
    );
  });
});
