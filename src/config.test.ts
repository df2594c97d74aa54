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
    assert.equal(config.databasePreparedStatements, true, 'hot queries prepared unless turned off');
  });

  it('turns PostgreSQL prepared statements off with DATABASE_PREPARED_STATEMENTS=false, for a pooler', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@pgbouncer:6432/guild',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    assert.equal(config.databasePreparedStatements, false);
    assert.throws(
      () => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' }),
      /DATABASE_PREPARED_STATEMENTS must be true/,
    );
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

  it('runs the offline analyses in ANALYSIS_THREADS threads with an ANALYSIS_TIMEOUT_MS deadline', () => {
    const defaults = loadConfig({});
    assert.deepEqual([defaults.analysisThreads, defaults.analysisTimeoutMs], [1, 20_000]);
    const set = loadConfig({ ANALYSIS_THREADS: '2', ANALYSIS_TIMEOUT_MS: '5000' });
    assert.deepEqual([set.analysisThreads, set.analysisTimeoutMs], [2, 5000]);
    assert.throws(() => loadConfig({ ANALYSIS_THREADS: '0' }), /ANALYSIS_THREADS must be an integer/);
    assert.throws(() => loadConfig({ ANALYSIS_TIMEOUT_MS: '50' }), /ANALYSIS_TIMEOUT_MS must be an integer/);
    assert.throws(() => loadConfig({ ANALYSIS_TIMEOUT_MS: 'soon' }), /ANALYSIS_TIMEOUT_MS must be an integer/);
  });

  it('reads token lifetime and flags', () => {
    const config = loadConfig({ TOKEN_TTL: '3600', EMBEDDED_WORKER: 'off', PORT: ' 8080 ' });
    assert.equal(config.tokenTtlSeconds, 3600);
    assert.equal(config.embeddedWorker, false);
    assert.equal(config.port, 8080);
  });

  it('gives a SIGTERM 25 s to finish with no drain delay, and refuses a delay that eats the whole deadline', () => {
    assert.deepEqual(loadConfig({}).shutdown, { timeoutMs: 25_000, delayMs: 0 });
    assert.deepEqual(loadConfig({ SHUTDOWN_TIMEOUT_MS: '40000', SHUTDOWN_DELAY_MS: '5000' }).shutdown, {
      timeoutMs: 40_000,
      delayMs: 5_000,
    });
    assert.throws(
      () => loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000', SHUTDOWN_DELAY_MS: '5000' }),
      /SHUTDOWN_DELAY_MS \(5000\) must be shorter than SHUTDOWN_TIMEOUT_MS \(5000\)/,
    );
    assert.throws(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }), /SHUTDOWN_TIMEOUT_MS must be an integer from 100/);
  });

  it('serves metrics only with a METRICS_TOKEN of 16 characters or more; a worker serves them on METRICS_PORT', () => {
    assert.deepEqual(loadConfig({}).metrics, { token: null, port: null });
    assert.deepEqual(loadConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464' }).metrics, {
      token: 'a'.repeat(16),
      port: 9464,
    });
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 16 characters/);
    assert.throws(() => loadConfig({ METRICS_PORT: '70000' }), /METRICS_PORT must be an integer from 0 to 65535/);
  });

  it('limits sign-in and registration to 10 requests a minute per address unless told otherwise; 0 turns it off', () => {
    assert.deepEqual(loadConfig({}).authRateLimit, { max: 10, windowSeconds: 60 });
    assert.deepEqual(loadConfig({ RATE_LIMIT_AUTH_MAX: '30', RATE_LIMIT_AUTH_WINDOW_SECONDS: '300' }).authRateLimit, {
      max: 30,
      windowSeconds: 300,
    });
    assert.equal(loadConfig({ RATE_LIMIT_AUTH_MAX: '0' }).authRateLimit, null);
    assert.throws(() => loadConfig({ RATE_LIMIT_AUTH_MAX: '-1' }), /RATE_LIMIT_AUTH_MAX must be an integer from 0/);
    assert.throws(
      () => loadConfig({ RATE_LIMIT_AUTH_WINDOW_SECONDS: '0' }),
      /RATE_LIMIT_AUTH_WINDOW_SECONDS must be an integer from 1 to 86400/,
    );
  });

  it('beats a notification stream every 15 s and allows 5 per user unless told otherwise, within limits', () => {
    assert.deepEqual(loadConfig({}).notificationStream, { heartbeatMs: 15_000, maxPerUser: 5 });
    assert.deepEqual(
      loadConfig({ NOTIFICATION_STREAM_HEARTBEAT_MS: '50', NOTIFICATION_STREAM_MAX_PER_USER: '2' }).notificationStream,
      { heartbeatMs: 50, maxPerUser: 2 },
    );
    assert.throws(
      () => loadConfig({ NOTIFICATION_STREAM_HEARTBEAT_MS: '30000' }),
      /NOTIFICATION_STREAM_HEARTBEAT_MS must be an integer from 10 to 20000/,
    );
    assert.throws(
      () => loadConfig({ NOTIFICATION_STREAM_MAX_PER_USER: '0' }),
      /NOTIFICATION_STREAM_MAX_PER_USER must be an integer from 1 to 100/,
    );
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
  it('sends mail through SMTP_URL from MAIL_FROM, or to the outbox under DATA_DIR when no server is set', () => {
    const embedded = loadConfig({ DATA_DIR: '/srv/guild', APP_URL: 'https://guild.example.org' });
    assert.deepEqual(embedded.mail, {
      smtpUrl: null,
      from: 'Guild <noreply@guild.example.org>',
      outboxDir: '/srv/guild/outbox',
    });
    const smtp = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_FROM: 'Guild <guild@example.org>' });
    assert.equal(smtp.mail.smtpUrl, 'smtps://u:p@mail.example.org:465');
    assert.equal(smtp.mail.from, 'Guild <guild@example.org>');
    assert.equal(loadConfig({ MAIL_FROM: 'guild@example.org' }).mail.from, 'guild@example.org');
  });

  it('refuses a SMTP_URL that is not smtp:// or smtps://, one without MAIL_FROM, and a MAIL_FROM without an address', () => {
    for (const url of ['http://mail.example.org', 'mail.example.org:25', 'smtp//x']) {
      assert.throws(
        () => loadConfig({ SMTP_URL: url, MAIL_FROM: 'guild@example.org' }),
        /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    }
    assert.throws(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' }), /MAIL_FROM is required when SMTP_URL is set/);
    for (const from of ['Guild', 'Guild <guild>', 'a@b c@d', `${'x'.repeat(320)}@example.org`]) {
      assert.throws(() => loadConfig({ MAIL_FROM: from }), /MAIL_FROM must be an address or "Name <address>"/);
    }
  });

  it('retries webhook deliveries after WEBHOOK_RETRY_DELAYS seconds (10 s to 6 h by default; 0: never) and refuses private endpoints unless allowed', () => {
    const defaults = loadConfig({});
    assert.deepEqual(defaults.webhooks.retryDelaysSeconds, [10, 60, 300, 1800, 7200, 21600]);
    assert.equal(defaults.webhooks.allowPrivateNetworks, false);
    const set = loadConfig({ WEBHOOK_RETRY_DELAYS: '1, 2,3', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    assert.deepEqual(set.webhooks.retryDelaysSeconds, [1, 2, 3]);
    assert.equal(set.webhooks.allowPrivateNetworks, true);
    assert.deepEqual(loadConfig({ WEBHOOK_RETRY_DELAYS: '0' }).webhooks.retryDelaysSeconds, []);
    for (const raw of ['10,,60', '-1', '1.5', 'ten', '99999999', Array(21).fill('1').join(',')]) {
      assert.throws(
        () => loadConfig({ WEBHOOK_RETRY_DELAYS: raw }),
        /WEBHOOK_RETRY_DELAYS must be up to 20 whole numbers/,
      );
    }
  });
});
