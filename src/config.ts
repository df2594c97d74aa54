import net from 'node:net';
import path from 'node:path';
import { type ObjectStoreSettings, parseStorageSettings } from './storage/storage-config.ts';

/**
 * Environment → validated, frozen configuration. Read once at start-up; every problem is reported together so an
 * operator fixes the environment in one go instead of one variable per restart.
 */
export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Base URL the service is reached at; used in redirects and pagination links when no Host is known. */
  appUrl: string;
  dataDir: string;
  /** `sqlite:<file>` (default, under dataDir) or a `postgres://` URL. */
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  /** The folder uploads live in when `objectStore` is null (STORAGE_URL unset or `file:`). */
  storageDir: string;
  /** STORAGE_URL=s3://bucket/prefix: uploads live in that S3-compatible bucket instead (src/storage/). */
  objectStore: ObjectStoreSettings | null;
  logLevel: string;
  /** Token lifetime in seconds; null means tokens never expire (docs/contract.md §2). */
  tokenTtlSeconds: number | null;
  /**
   * Tokens issued to the browser (sign-in, registration, LinkedIn) end after this long unused, renewed while used
   * (WEB_TOKEN_IDLE_HOURS), and at the latest this long after sign-in (WEB_TOKEN_MAX_DAYS) (issue 10, item 6).
   */
  webTokenIdleSeconds: number;
  webTokenMaxSeconds: number;
  /** Run the job worker inside the API process (the embedded default). */
  /**
   * Whose X-Forwarded-* headers (client IP, protocol, host) are believed: nobody (`false`), the proxies at these
   * addresses or CIDR ranges, or the given number of hops nearest the server. Never every client: one that is
   * believed picks its own IP and escapes the web login lock.
   */
  trustProxy: TrustProxy;
  /**
   * Requests to the sign-in, registration and LinkedIn sign-in routes a client address may make per window, counted
   * together in this process (RATE_LIMIT_AUTH_MAX per RATE_LIMIT_AUTH_WINDOW_SECONDS); null when turned off
   * (RATE_LIMIT_AUTH_MAX=0).
   */
  authRateLimit: Readonly<{ max: number; windowSeconds: number }> | null;
  /**
   * PostgreSQL: run the hot queries as named prepared statements (src/db/prepared-statements.ts). Off behind a pooler
   * in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  databasePreparedStatements: boolean;
  embeddedWorker: boolean;
  workerPollMs: number;
  /** Jobs one worker process runs at the same time. */
  workerConcurrency: number;
  /**
   * How long a started job is held by its worker. A job still unfinished after this (its worker died, or the
   * handler hangs) is given to another worker; so handlers must finish well within it.
   */
  jobLeaseSeconds: number;
  /** First retry delay; later retries wait longer (exponential backoff). */
  jobRetryDelaySeconds: number;
  /** PostgreSQL: the schema pg-boss keeps its tables in. */
  queueSchema: string;
  /**
   * SIGTERM: the process answers readiness with 503 and keeps serving for `delayMs` (SHUTDOWN_DELAY_MS, so a
   * balancer takes it out of rotation), then stops listening and taking jobs, and waits for the requests and jobs in
   * flight until `timeoutMs` (SHUTDOWN_TIMEOUT_MS) after the signal; jobs still running then go back to the queue.
   */
  shutdown: Readonly<{ timeoutMs: number; delayMs: number }>;
  /**
   * Prometheus metrics: `GET /metrics` answers only with `Authorization: Bearer <token>` (METRICS_TOKEN) and is
   * off (404) without one. `port` (METRICS_PORT): a worker process serves its metrics there; null, it serves none.
   */
  metrics: Readonly<{ token: string | null; port: number | null }>;
  /** Secret for the web session cookie; when unset, a random key is kept in `$DATA_DIR/session.key`. */
  sessionSecret: string | null;
  /**
   * E-mail: through the SMTP server at `smtpUrl` when it is set, otherwise written to `outboxDir` (DATA_DIR/outbox)
   * so that nothing is lost without a mail server; sent from `from` (MAIL_FROM).
   */
  mail: Readonly<{ smtpUrl: string | null; from: string; outboxDir: string }>;
  /**
   * Webhook deliveries: the waits before each retry of a failed attempt (WEBHOOK_RETRY_DELAYS, seconds), whether
   * endpoints on loopback, private and other non-public addresses are allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS, for
   * development and tests only), and how many days a finished delivery stays in the delivery log
   * (WEBHOOK_DELIVERY_RETENTION_DAYS).
   */
  webhooks: Readonly<{ retryDelaysSeconds: readonly number[]; allowPrivateNetworks: boolean; retentionDays: number }>;
  /**
   * `GET /api/notifications/stream`: a comment line every `heartbeatMs` keeps proxies from closing a quiet stream
   * (NOTIFICATION_STREAM_HEARTBEAT_MS, at most 20 s); a user may hold `maxPerUser` streams at once on one process
   * (NOTIFICATION_STREAM_MAX_PER_USER), the next is a 429.
   */
  notificationStream: Readonly<{ heartbeatMs: number; maxPerUser: number }>;
  /**
   * Invitations to tasks (issue 13, item 1): a contributor holds at most `maxOpenPerContributor` open invitations at
   * once (MAX_OPEN_INVITATIONS), whoever invites them (matching or a company); each lapses `ttlHours` after it was
   * made (INVITATION_TTL_HOURS), and the next candidate is invited.
   */
  invitations: Readonly<{ maxOpenPerContributor: number; ttlHours: number }>;
  /** Sign-in with LinkedIn (OpenID Connect); null when not configured. */
  linkedin: Readonly<{ issuer: string; clientId: string; clientSecret: string; redirectUri: string }> | null;
  aiProvider: 'local' | 'openai' | 'anthropic';
  /**
   * `local`: the offline analyses run in this many worker threads (ANALYSIS_THREADS), each stopped after
   * ANALYSIS_TIMEOUT_MS; an analysis stopped so ends as failed with its reason, without retries (issue 10, item 1).
   */
  analysisThreads: number;
  analysisTimeoutMs: number;
  /**
   * Bytes of rendered response bodies each process keeps for the reads many users share (SHARED_READ_CACHE_MB;
   * src/http/shared-reads.ts), and as much again for the tasks of the per-user task lists (src/http/kept-items.ts);
   * 0 keeps none.
   */
  sharedReadCacheBytes: number;
  /** Model settings for `openai` (any OpenAI-compatible endpoint) and `anthropic`; unused by `local`. */
  ai: Readonly<{
    baseUrl: string | null;
    apiKey: string | null;
    model: string | null;
    timeoutMs: number;
    /** Attempts per stage call when the model fails or answers outside the schema. */
    maxAttempts: number;
  }>;
}>;

/**
 * What Fastify's `trustProxy` is given: no proxy, proxy addresses / CIDR ranges, or a hop count as a function of the
 * hop (Fastify now reads a bare number as "trust nobody", since a count cannot tell a proxy from a client).
 */
export type TrustProxy = false | string[] | TrustHops;
export type TrustHops = ((address: string, hop: number) => boolean) & { readonly hops: number };

/** Trusts the `hops` addresses nearest the server (the socket's peer is hop 0), whoever they are. */
function trustNearestHops(hops: number): TrustHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

/** proxy-addr's names for the loopback, link-local and private ranges (both IP versions). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range, as Fastify's trustProxy takes them. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^(0|[1-9][0-9]*)$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default), a comma-separated list of proxy addresses and ranges (the safe choice), or a
 * hop count (`1` behind one proxy, only where no client can reach the service except through it: whoever connects
 * directly is taken for that proxy). `true` is refused: it believed X-Forwarded-For from any client.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return false;
  if (['false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) {
    problems.push(
      `TRUST_PROXY=${raw} would let any client choose its own address with X-Forwarded-For: set the addresses or ` +
        'ranges of your proxies (e.g. 10.0.0.5 or 10.0.0.0/8, comma-separated) or the number of proxies in front of ' +
        'the service (e.g. 1).',
    );
    return false;
  }
  if (/^[0-9]+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_PROXY_HOPS) {
      problems.push(`TRUST_PROXY as a hop count must be from 0 to ${MAX_PROXY_HOPS} (got "${raw}").`);
      return false;
    }
    return hops === 0 ? false : trustNearestHops(hops);
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    problems.push(
      `TRUST_PROXY must be false, a hop count, or IP addresses / CIDR ranges separated by commas (not valid: ` +
        `${invalid.map((entry) => `"${entry}"`).join(', ')}).`,
    );
    return false;
  }
  return Object.freeze(entries) as string[];
}

/** `Name <address>` or a bare address; the address as simple as the registration form accepts. */
const MAIL_FROM = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;
const MAX_MAIL_FROM_LENGTH = 320;

/**
 * SMTP_URL (`smtp://` or `smtps://`, credentials and nodemailer's options in the URL) and MAIL_FROM. A server needs a
 * real sender, so MAIL_FROM is required with SMTP_URL; the outbox makes do with one named after APP_URL's host.
 */
function parseMail(
  smtpUrl: string | undefined,
  from: string | undefined,
  appUrl: string,
  dataDir: string,
  problems: string[],
): Config['mail'] {
  if (smtpUrl !== undefined) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') {
      problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465.');
    }
    if (from === undefined)
      problems.push('MAIL_FROM is required when SMTP_URL is set, e.g. "Guild <guild@example.com>".');
  }
  if (from !== undefined && (from.length > MAX_MAIL_FROM_LENGTH || !MAIL_FROM.test(from))) {
    problems.push(`MAIL_FROM must be an address or "Name <address>" (got "${from.slice(0, 80)}").`);
  }
  let host = 'localhost';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // APP_URL is reported on its own
  }
  return Object.freeze({
    smtpUrl: smtpUrl ?? null,
    from: from ?? `Guild <noreply@${host}>`,
    outboxDir: path.join(dataDir, 'outbox'),
  });
}

const DEFAULT_WEBHOOK_RETRY_DELAYS = [10, 60, 300, 1800, 7200, 21600];
const MAX_WEBHOOK_RETRIES = 20;
const MAX_WEBHOOK_RETRY_DELAY = 7 * 24 * 3600;

/** WEBHOOK_RETRY_DELAYS: whole seconds, comma-separated, one per retry (`0`: no retry). */
function parseRetryDelays(raw: string | undefined, problems: string[]): readonly number[] {
  if (raw === undefined) return Object.freeze(DEFAULT_WEBHOOK_RETRY_DELAYS);
  if (raw === '0') return Object.freeze([]);
  const parts = raw.split(',').map((part) => part.trim());
  const valid = parts.every((part) => /^[0-9]{1,7}$/.test(part) && Number(part) <= MAX_WEBHOOK_RETRY_DELAY);
  if (!valid || parts.length > MAX_WEBHOOK_RETRIES) {
    problems.push(
      `WEBHOOK_RETRY_DELAYS must be up to ${MAX_WEBHOOK_RETRIES} whole numbers of seconds (at most ` +
        `${MAX_WEBHOOK_RETRY_DELAY}) separated by commas, e.g. 10,60,300, or 0 for no retry (got "${raw.slice(0, 80)}").`,
    );
    return Object.freeze(DEFAULT_WEBHOOK_RETRY_DELAYS);
  }
  return Object.freeze(parts.map(Number));
}

/** A bearer token for the metrics scraper: long enough not to be guessed. */
const MIN_METRICS_TOKEN_LENGTH = 16;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw as T)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}").`);
      return fallback;
    }
    return raw as T;
  };
  const boolean = (name: string, fallback: boolean) => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  };

  const nodeEnv = oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const port = integer('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(read('DATA_DIR') ?? './var');

  let databaseUrl = read('DATABASE_URL') ?? `sqlite:${path.join(dataDir, 'guild.sqlite')}`;
  let dialect: Config['dialect'] = 'sqlite';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    dialect = 'postgres';
    try {
      new URL(databaseUrl);
    } catch {
      problems.push('DATABASE_URL is not a valid postgres:// URL.');
    }
  } else if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file === '') problems.push('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./var/guild.sqlite.');
    databaseUrl = file === ':memory:' ? 'sqlite::memory:' : `sqlite:${path.resolve(file)}`;
  } else {
    problems.push('DATABASE_URL must start with postgres://, postgresql:// or sqlite:.');
  }

  const ttl = integer('TOKEN_TTL', 0, 0, 10 * 365 * 24 * 3600);
  const webTokenIdleHours = integer('WEB_TOKEN_IDLE_HOURS', 12, 1, 24 * 365);
  const webTokenMaxDays = integer('WEB_TOKEN_MAX_DAYS', 30, 1, 365);
  if (webTokenIdleHours > webTokenMaxDays * 24) {
    problems.push(
      `WEB_TOKEN_IDLE_HOURS (${webTokenIdleHours}) must not be longer than WEB_TOKEN_MAX_DAYS (${webTokenMaxDays} days).`,
    );
  }
  const appUrl = (read('APP_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(appUrl);
  } catch {
    problems.push(`APP_URL must be an absolute URL (got "${appUrl}").`);
  }

  const aiProvider = oneOf('AI_PROVIDER', ['local', 'openai', 'anthropic'] as const, 'local');
  if (aiProvider !== 'local' && !read('AI_MODEL'))
    problems.push(`AI_MODEL is required when AI_PROVIDER=${aiProvider}.`);
  if (aiProvider === 'anthropic' && !read('AI_API_KEY'))
    problems.push('AI_API_KEY is required when AI_PROVIDER=anthropic.');
  // Without a base URL the OpenAI provider calls api.openai.com, which needs a key; local servers need none.
  if (aiProvider === 'openai' && !read('AI_BASE_URL') && !read('AI_API_KEY'))
    problems.push('AI_API_KEY is required when AI_PROVIDER=openai and AI_BASE_URL is not set.');
  const aiBaseUrl = read('AI_BASE_URL');
  if (aiBaseUrl) {
    try {
      new URL(aiBaseUrl);
    } catch {
      problems.push(`AI_BASE_URL must be an absolute URL (got "${aiBaseUrl}").`);
    }
  }

  const sessionSecret = read('SESSION_SECRET') ?? null;
  if (sessionSecret !== null && sessionSecret.length < 32)
    problems.push('SESSION_SECRET must be at least 32 characters.');
  const linkedinId = read('LINKEDIN_CLIENT_ID');
  const linkedinSecret = read('LINKEDIN_CLIENT_SECRET');
  if (Boolean(linkedinId) !== Boolean(linkedinSecret)) {
    problems.push('LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together.');
  }
  const linkedin =
    linkedinId && linkedinSecret
      ? {
          issuer: read('LINKEDIN_ISSUER') ?? 'https://www.linkedin.com/oauth',
          clientId: linkedinId,
          clientSecret: linkedinSecret,
          redirectUri: read('LINKEDIN_REDIRECT_URI') ?? `${appUrl}/api/auth/linkedin/callback`,
        }
      : null;

  const mail = parseMail(read('SMTP_URL'), read('MAIL_FROM'), appUrl, dataDir, problems);

  const authRateLimitMax = integer('RATE_LIMIT_AUTH_MAX', 10, 0, 1_000_000);
  const authRateLimitWindow = integer('RATE_LIMIT_AUTH_WINDOW_SECONDS', 60, 1, 24 * 3600);

  const shutdownTimeoutMs = integer('SHUTDOWN_TIMEOUT_MS', 25_000, 100, 600_000);
  const shutdownDelayMs = integer('SHUTDOWN_DELAY_MS', 0, 0, 600_000);
  if (shutdownDelayMs >= shutdownTimeoutMs) {
    problems.push(
      `SHUTDOWN_DELAY_MS (${shutdownDelayMs}) must be shorter than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}): the ` +
        'delay is part of the deadline, and requests in flight need time to finish after it.',
    );
  }
  const metricsToken = read('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters.`);
  }
  const metricsPort = integer('METRICS_PORT', 0, 0, 65535);

  const storage = parseStorageSettings(read, boolean, dataDir, problems);

  const queueSchema = read('QUEUE_SCHEMA') ?? 'pgboss';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(queueSchema)) {
    problems.push(
      `QUEUE_SCHEMA must be a plain identifier of at most 50 letters, digits and _ (got "${queueSchema}").`,
    );
  }

  const config: Config = {
    env: nodeEnv,
    host,
    port,
    appUrl,
    dataDir,
    databaseUrl,
    dialect,
    storageDir: storage.storageDir,
    objectStore: storage.objectStore,
    logLevel: oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    tokenTtlSeconds: ttl === 0 ? null : ttl,
    webTokenIdleSeconds: webTokenIdleHours * 3600,
    webTokenMaxSeconds: webTokenMaxDays * 24 * 3600,
    trustProxy: parseTrustProxy(read('TRUST_PROXY'), problems),
    authRateLimit: authRateLimitMax === 0 ? null : { max: authRateLimitMax, windowSeconds: authRateLimitWindow },
    databasePreparedStatements: boolean('DATABASE_PREPARED_STATEMENTS', true),
    embeddedWorker: boolean('EMBEDDED_WORKER', true),
    workerPollMs: integer('WORKER_POLL_MS', 1000, 10, 60_000),
    workerConcurrency: integer('WORKER_CONCURRENCY', 2, 1, 64),
    // pg-boss refuses expirations of a day or more.
    jobLeaseSeconds: integer('JOB_LEASE_SECONDS', 300, 1, 23 * 3600),
    jobRetryDelaySeconds: integer('JOB_RETRY_DELAY_SECONDS', 5, 1, 3600),
    queueSchema,
    shutdown: { timeoutMs: shutdownTimeoutMs, delayMs: shutdownDelayMs },
    metrics: { token: metricsToken, port: metricsPort === 0 ? null : metricsPort },
    sessionSecret,
    mail,
    webhooks: Object.freeze({
      retryDelaysSeconds: parseRetryDelays(read('WEBHOOK_RETRY_DELAYS'), problems),
      allowPrivateNetworks: boolean('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
      retentionDays: integer('WEBHOOK_DELIVERY_RETENTION_DAYS', 30, 1, 3650),
    }),
    notificationStream: {
      heartbeatMs: integer('NOTIFICATION_STREAM_HEARTBEAT_MS', 15_000, 10, 20_000),
      maxPerUser: integer('NOTIFICATION_STREAM_MAX_PER_USER', 5, 1, 100),
    },
    invitations: {
      maxOpenPerContributor: integer('MAX_OPEN_INVITATIONS', 3, 1, 100),
      ttlHours: integer('INVITATION_TTL_HOURS', 72, 1, 24 * 365),
    },
    linkedin,
    aiProvider,
    analysisThreads: integer('ANALYSIS_THREADS', 1, 1, 16),
    sharedReadCacheBytes: integer('SHARED_READ_CACHE_MB', 32, 0, 4096) * 1024 * 1024,
    analysisTimeoutMs: integer('ANALYSIS_TIMEOUT_MS', 20_000, 100, 600_000),
    ai: {
      baseUrl: read('AI_BASE_URL') ?? null,
      apiKey: read('AI_API_KEY') ?? null,
      model: read('AI_MODEL') ?? null,
      timeoutMs: integer('AI_TIMEOUT_MS', 60_000, 100, 600_000),
      maxAttempts: integer('AI_MAX_ATTEMPTS', 3, 1, 10),
    },
    ...overrides,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
