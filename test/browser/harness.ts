import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { childEnv } from '../helpers/child-env.ts';
import { lastConfirmationLink, lastResetLink } from '../helpers/mail.ts';
import { assertPagesAccessible, watchPages } from './page-checks.ts';

export { screenshot } from './page-checks.ts';

/**
 * Browser tests drive Debian's Chromium (`/usr/bin/chromium`, installed by .ci/run) with playwright-core against the
 * real service started as a child process, exactly as `npm start` runs it (SQLite, embedded worker, local analyzer).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

if (!hasChromium) console.log(`# ${CHROMIUM} not found: browser tests skipped (apt-get install chromium).`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Each running server's DATA_DIR by its origin, so that a page can read the mail its server wrote to the outbox. */
const dataDirByOrigin = new Map<string, string>();

export type RunningServer = { url: string; dataDir: string; env: Record<string, string>; stop: () => Promise<void> };

/**
 * The running server's own SQLite database, opened beside it, for a test's set-up written straight into it (what the
 * journey under test does not cover). The caller destroys the handle when done.
 */
export function openServerDatabase(server: Pick<RunningServer, 'dataDir'>): DatabaseHandle {
  return createDatabase({ url: `sqlite:${path.join(server.dataDir, 'guild.sqlite')}` });
}

/** A loaded CI machine (three test files at once on two cores) has taken 50 s to start one. */
const SERVER_START_MS = 120_000;

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-browser-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    WORKER_POLL_MS: '100',
    // A file signs in and registers several people from 127.0.0.1 within a minute; the limit has its own tests.
    RATE_LIMIT_AUTH_MAX: '0',
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, ['src/server.ts'], {
    env: childEnv(fullEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // A server that starts after all would keep this test file's process, and the whole run, alive for ever.
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${SERVER_START_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  dataDirByOrigin.set(url, dataDir);
  return {
    url,
    dataDir,
    env: fullEnv,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await settledWithin(exited, 5000);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium, with every page of every context it opens checked by axe-core as it loads (page-checks.ts). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  watchPages(browser);
  return browser;
}

/** The longest a harness hook may take: starting the server and Chromium on a loaded machine, or their checks. */
const HOOK_TIMEOUT_MS = 180_000;
/** Closing a browser whose process has died can wait for ever; past this the hook goes on to stop the server. */
const BROWSER_CLOSE_MS = 15_000;

/** Waits for `promise` to settle, at most `ms`; what it settles with does not matter to the caller. */
async function settledWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled([promise]), late]);
  clearTimeout(timer);
}

export type ServerAndBrowser = { readonly server: RunningServer; readonly browser: Browser };

/**
 * Registers `before` and `after` hooks in the calling `describe` that start the server (with `env`, or what `env()`
 * returns when the hook runs) and Chromium, and close both afterwards; the result reads them once they are up. After
 * each test, the accessibility checks of the pages it visited must have found nothing (page-checks.ts).
 */
export function useServerAndBrowser(
  env: Record<string, string> | (() => Record<string, string>) = {},
): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  // Every hook is bounded (node's --test-timeout bounds tests, not hooks), and the server is stopped whatever the
  // browser does: a server left running keeps the test file's process, and so the whole run, alive for ever.
  before(
    async () => {
      server = await startServer(typeof env === 'function' ? env() : env);
      browser = await launchBrowser();
    },
    { timeout: HOOK_TIMEOUT_MS },
  );
  afterEach(assertPagesAccessible, { timeout: HOOK_TIMEOUT_MS });
  after(
    async () => {
      try {
        await settledWithin(browser?.close(), BROWSER_CLOSE_MS);
      } finally {
        await server?.stop();
      }
    },
    { timeout: HOOK_TIMEOUT_MS },
  );
  return {
    get server() {
      if (!server) throw new Error('the server is not running: use it inside a test or a later hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running: use it inside a test or a later hook');
      return browser;
    },
  };
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** How long a browser test waits for work the server's worker does in the background (analyses, matching). */
export const PIPELINE_WAIT_MS = 90_000;
/** The worker looks for jobs every 100 ms (WORKER_POLL_MS above): a longer pause between reloads only adds to a wait. */
const RELOAD_PAUSE_MS = 500;

/** Reloads `url` until `selector` shows up: for work the server's worker does in the background. */
export async function reloadUntil(page: Page, url: string, selector: string, what: string): Promise<void> {
  const deadline = Date.now() + PIPELINE_WAIT_MS;
  for (;;) {
    await page.goto(url);
    if ((await page.locator(selector).count()) > 0) return;
    if (Date.now() > deadline) assert.fail(`${what} did not happen within ${PIPELINE_WAIT_MS / 1000} s`);
    await page.waitForTimeout(RELOAD_PAUSE_MS);
  }
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.test`;
}

export type Account = { name: string; email: string; password: string; type: 'company' | 'contributor' };

export function newAccount(
  type: Account['type'],
  name = type === 'company' ? 'Acme Robotics' : 'Ada Lovelace',
): Account {
  return { name, email: uniqueEmail(type), password: 'correct horse battery', type };
}

/** Fills in and sends the registration form, as a person would; the browser ends on "Check your e-mail". */
export async function submitRegistration(page: Page, account: Account): Promise<void> {
  await page.goto('/register');
  await page
    .getByLabel(account.type === 'company' ? 'A company posting challenges' : 'A contributor taking on tasks')
    .check();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/register/sent');
}

/** Opens the newest link mailed to `email` and confirms; the browser ends signed in. */
export async function confirmFromMail(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationLink(page, email));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
}

/**
 * Registers through the form and opens the confirmation link from the e-mail (the server's outbox), as a person
 * would; the browser ends signed in.
 */
export async function register(page: Page, account: Account): Promise<void> {
  await submitRegistration(page, account);
  await confirmFromMail(page, account.email);
}

/** The outbox folder of the server the page is on. */
function outboxOf(page: Page): string {
  const dataDir = dataDirByOrigin.get(new URL(page.url()).origin);
  if (!dataDir) throw new Error(`no server of this harness serves ${page.url()}`);
  return path.join(dataDir, 'outbox');
}

/** The newest confirmation link the page's server mailed to `email`. */
function confirmationLink(page: Page, email: string): Promise<string> {
  return lastConfirmationLink(outboxOf(page), email);
}

/** The newest password reset link the page's server mailed to `email`. */
export function passwordResetLink(page: Page, email: string): Promise<string> {
  return lastResetLink(outboxOf(page), email);
}

export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The token the layout handed to the page. */
export function apiToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('api_token'));
}
