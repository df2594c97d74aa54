import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOCK_SECONDS, lockedForSeconds, recordFailure } from '../../src/modules/auth/login-throttle.ts';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { PASSWORD, uniqueEmail } from './auth-pages.ts';

const LOCKED = /Too many failed sign-in attempts\. Try again in (\d+) seconds?\./;
const WRONG = /The email address or password is wrong\. Check both/;

for (const dialect of testDialects()) {
  describe(`the sign-in lock: 5 failures per (email, IP) for 60 seconds [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    let ipCounter = 0;
    const freshIp = () => `192.0.2.${++ipCounter}`;
    const newUser = async () => {
      const email = uniqueEmail('lock');
      await createAccount(ctx.db, { name: 'Lock', email, password: PASSWORD, accountType: 'contributor' });
      return email;
    };
    const attempt = (ip: string, email: string, password: string) =>
      webClient(ctx.app, { ip }).submit('/login', '/login', { email, password });
    const failTimes = async (count: number, ip: string, email: string) => {
      for (let i = 0; i < count; i++) {
        const response = await attempt(ip, i % 2 === 0 ? email : email.toUpperCase(), 'wrong password');
        assert.equal(response.statusCode, 422, `failure ${i + 1} is an ordinary wrong password`);
      }
    };

    it('refuses even the right password after 5 failures for the lower-cased email and IP, with the wait', async () => {
      const email = await newUser();
      const ip = freshIp();
      await failTimes(5, ip, email);
      const locked = await attempt(ip, email, PASSWORD);
      assert.equal(locked.statusCode, 429);
      const page = parsePage(locked.body);
      const wait = Number(LOCKED.exec(page.alerts().join(' '))?.[1]);
      assert.ok(wait > 55 && wait <= LOCK_SECONDS, `the message gives the wait (${wait})`);
      assert.equal(page.control('Email').value, email, 'the email stays in the form');
      assert.equal(locked.headers.location, undefined);
    });

    it('does not lock the same email from another IP, nor another email from the same IP', async () => {
      const email = await newUser();
      const ip = freshIp();
      await failTimes(5, ip, email);
      assert.equal((await attempt(freshIp(), email, PASSWORD)).statusCode, 303, 'another IP signs in');
      const other = await newUser();
      const wrong = await attempt(ip, other, 'wrong password');
      assert.equal(wrong.statusCode, 422);
      assert.match(parsePage(wrong.body).alerts().join(' '), WRONG);
      assert.equal((await attempt(ip, other, PASSWORD)).statusCode, 303, 'another email signs in');
    });

    it('lifts the lock after 60 seconds', async () => {
      const email = await newUser();
      const ip = freshIp();
      await failTimes(5, ip, email);
      assert.equal((await attempt(ip, email, PASSWORD)).statusCode, 429);
      const longAgo = new Date(Date.now() - (LOCK_SECONDS + 1) * 1000).toISOString();
      await ctx.db
        .updateTable('login_attempts')
        .set({ last_failed_at: longAgo })
        .where('key', '=', `${email}|${ip}`)
        .execute();
      assert.equal((await attempt(ip, email, PASSWORD)).statusCode, 303);
    });

    it('counts time through the throttle: locked for 60 s from the 5th failure, then a fresh count', async () => {
      const email = uniqueEmail('clock');
      const ip = freshIp();
      const start = new Date('2026-01-01T10:00:00.000Z');
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      for (let i = 0; i < 4; i++) await recordFailure(ctx.db, email, ip, at(i));
      assert.equal(await lockedForSeconds(ctx.db, email, ip, at(4)), 0, 'four failures do not lock');
      await recordFailure(ctx.db, email.toUpperCase(), ip, at(4));
      assert.equal(await lockedForSeconds(ctx.db, email, ip, at(4)), 60);
      assert.equal(await lockedForSeconds(ctx.db, email, ip, at(63.5)), 1);
      assert.equal(await lockedForSeconds(ctx.db, email, ip, at(64)), 0);
      await recordFailure(ctx.db, email, ip, at(65));
      assert.equal(await lockedForSeconds(ctx.db, email, ip, at(65)), 0, 'a mistake after the lock starts a new count');
    });

    it('clears the count when a sign-in succeeds', async () => {
      const email = await newUser();
      const ip = freshIp();
      await failTimes(4, ip, email);
      assert.equal((await attempt(ip, email, PASSWORD)).statusCode, 303);
      await failTimes(4, ip, email);
      assert.equal((await attempt(ip, email, PASSWORD)).statusCode, 303, 'four new failures do not lock');
    });
  });
}
