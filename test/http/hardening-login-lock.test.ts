import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  ACCOUNT_FREE_ATTEMPTS,
  ACCOUNT_MAX_DELAY_SECONDS,
  accountDelaySeconds,
  MAX_FAILURES,
} from '../../src/modules/auth/login-throttle.ts';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { cookieHeader, csrfTokenOf, rememberCookies } from '../helpers/web-client.ts';
import { PASSWORD, uniqueEmail } from '../web/auth-pages.ts';

/**
 * Issue 10, item 3: the sign-in lock is checked and counted in one statement, so parallel guesses cannot all be
 * evaluated, and it holds per account across client addresses as well as per (account, address). Over real HTTP:
 * the server listens on a port and the guesses are sent with fetch, all at once. A 422 is a guess whose password was
 * checked; a 429 one that was refused by the lock without looking at it.
 */
const LOCKED = /Too many failed sign-in attempts\. Try again in (\d+) seconds?\./;
const PARALLEL_GUESSES = 40;

for (const dialect of testDialects()) {
  describe(`the sign-in lock under parallel guesses, over HTTP [${dialect}]`, () => {
    let ctx: TestContext;
    let base: string;
    before(async () => {
      // The test speaks from 127.0.0.1 as a trusted proxy, so that X-Forwarded-For can stand for many clients.
      ctx = await createTestContext(dialect, { TRUST_PROXY: '127.0.0.1' });
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    after(() => ctx.close());

    const newAccount = async () => {
      const email = uniqueEmail('guess');
      await createAccount(ctx.db, { name: 'Guess', email, password: PASSWORD, accountType: 'contributor' });
      return email;
    };

    /** A browser's sign-in: the login page (its CSRF token and session cookie), then the form post. */
    const signIn = async (client: string, email: string, password: string) => {
      const cookies = new Map<string, string>();
      const page = await fetch(`${base}/login`, { headers: { 'x-forwarded-for': client } });
      rememberCookies(cookies, page.headers.getSetCookie());
      const form = new URLSearchParams({ _csrf: csrfTokenOf(await page.text()), email, password });
      const response = await fetch(`${base}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          accept: 'text/html',
          cookie: cookieHeader(cookies),
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': client,
        },
        body: form.toString(),
      });
      return { status: response.status, body: await response.text() };
    };
    const waitOf = (body: string) => Number(LOCKED.exec(body)?.[1]);
    const statuses = (responses: Array<{ status: number }>) => {
      const counts = new Map<number, number>();
      for (const { status } of responses) counts.set(status, (counts.get(status) ?? 0) + 1);
      return Object.fromEntries([...counts].sort(([a], [b]) => a - b));
    };

    it(`of ${PARALLEL_GUESSES} parallel wrong guesses from one address, only ${MAX_FAILURES} are checked`, async () => {
      const email = await newAccount();
      const responses = await Promise.all(
        Array.from({ length: PARALLEL_GUESSES }, (_, i) => signIn('198.51.100.1', email, `wrong password ${i}`)),
      );
      assert.deepEqual(statuses(responses), { 422: MAX_FAILURES, 429: PARALLEL_GUESSES - MAX_FAILURES });
      const refused = responses.find((response) => response.status === 429);
      assert.ok(waitOf(refused?.body ?? '') > 55, 'a refusal gives the wait');
      // The right password from that address is refused too, unchecked.
      assert.equal((await signIn('198.51.100.1', email, PASSWORD)).status, 429);
      // Another address is not locked out by it (the account has used 5 of its free attempts).
      assert.equal((await signIn('198.51.100.2', email, PASSWORD)).status, 303);
    });

    it(`of ${PARALLEL_GUESSES} parallel wrong guesses from as many addresses, only ${ACCOUNT_FREE_ATTEMPTS} are checked`, async () => {
      const email = await newAccount();
      const started = Date.now();
      const responses = await Promise.all(
        Array.from({ length: PARALLEL_GUESSES }, (_, i) => signIn(`203.0.113.${i + 1}`, email, `wrong password ${i}`)),
      );
      const elapsedSeconds = (Date.now() - started) / 1000;
      // The burst takes seconds (each guess opens the page, and checked ones hash), and the account's waits after
      // the free attempts are 1, 2, 4 … seconds: in T seconds at most log2(T + 1) + 1 more can be checked.
      const allowance = Math.floor(Math.log2(elapsedSeconds + 1)) + 1;
      const checked = responses.filter((response) => response.status === 422).length;
      assert.ok(
        checked >= ACCOUNT_FREE_ATTEMPTS && checked <= ACCOUNT_FREE_ATTEMPTS + allowance,
        `${checked} checked in ${elapsedSeconds} s: ${JSON.stringify(statuses(responses))}`,
      );
      assert.equal(checked + responses.filter((response) => response.status === 429).length, PARALLEL_GUESSES);
      // As if the last checked guess had come just now.
      await ctx.db
        .updateTable('login_attempts')
        .set({ last_failed_at: new Date().toISOString() })
        .where('key', '=', `account|${email}`)
        .execute();
      // The owner, from an address never used, waits too; once the wait is over, the right password signs in.
      const owner = await signIn('192.0.2.200', email, PASSWORD);
      assert.equal(owner.status, 429);
      assert.ok(waitOf(owner.body) >= 1);
      await ageAccountCount(email, 2 * ACCOUNT_MAX_DELAY_SECONDS);
      assert.equal((await signIn('192.0.2.200', email, PASSWORD)).status, 303);
    });

    it('the account-wide wait doubles with each further attempt, up to its cap', async () => {
      const email = await newAccount();
      for (let i = 0; i < ACCOUNT_FREE_ATTEMPTS; i++) {
        assert.equal((await signIn(`198.18.0.${i + 1}`, email, 'wrong password')).status, 422, `guess ${i + 1}`);
      }
      for (const [attempt, wait] of [
        [11, 1],
        [12, 2],
        [13, 4],
        [14, 8],
      ]) {
        // The wait runs from the last attempt's count, made before its password was hashed: counted just now.
        await ageAccountCount(email, 0);
        const refused = await signIn(`198.18.1.${attempt}`, email, 'wrong password');
        assert.equal(refused.status, 429, `attempt ${attempt} waits`);
        assert.equal(waitOf(refused.body), wait, `attempt ${attempt}`);
        await ageAccountCount(email, wait + 1);
        assert.equal((await signIn(`198.18.2.${attempt}`, email, 'wrong password')).status, 422, `after ${wait} s`);
      }
      assert.equal(accountDelaySeconds(ACCOUNT_FREE_ATTEMPTS - 1), 0);
      assert.equal(accountDelaySeconds(100), ACCOUNT_MAX_DELAY_SECONDS);
    });

    /**
     * Puts the account's last counted attempt `seconds` before now: the clock, without sleeping, and without the
     * time the last sign-in's hash took (seconds on a busy machine, longer than the first waits).
     */
    async function ageAccountCount(email: string, seconds: number) {
      await ctx.db
        .updateTable('login_attempts')
        .set({ last_failed_at: new Date(Date.now() - seconds * 1000).toISOString() })
        .where('key', '=', `account|${email}`)
        .execute();
    }
  });
}
