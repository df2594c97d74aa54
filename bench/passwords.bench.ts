import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { passwordProblem } from '../src/modules/auth/password-policy.ts';
import { hashPassword, MAX_CONCURRENT_HASHES, SCRYPT_COST, verifyPassword } from '../src/modules/auth/passwords.ts';

/**
 * `node bench/passwords.bench.ts`: what a password costs the service (docs/security.md, Passwords).
 * - One hash at the current scrypt cost and at OWASP's equivalent settings, one at a time (wall median and minimum
 *   of BENCH_RUNS, 7, and the CPU time per hash, which a busy machine inflates less than the wall time): what a
 *   sign-in or registration spends in the thread pool.
 * - A burst of 8 sign-ins through `verifyPassword`: they queue behind MAX_CONCURRENT_HASHES, so the wall time and the
 *   process's peak RSS above its start show what a burst costs.
 * - passwordProblem on the inputs it is slowest on (zxcvbn on the event loop).
 * Run it on an idle machine: apart from the CPU column, every figure is wall-clock time.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const scrypt = promisify(crypto.scrypt) as (
  p: string,
  s: Buffer,
  k: number,
  o: crypto.ScryptOptions,
) => Promise<Buffer>;

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms`;
}

async function time(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(2)}`);
for (const [N, r, p] of [
  [2 ** 15, 8, 1],
  [2 ** 17, 8, 1],
  [2 ** 16, 8, 2],
  [2 ** 15, 8, 3],
  [2 ** 14, 8, 5],
  [2 ** 13, 8, 10],
]) {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    times.push(
      await time(() => scrypt('correct horse battery', crypto.randomBytes(16), 32, { N, r, p, maxmem: 2 ** 28 })),
    );
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / RUNS;
  const current = N === SCRYPT_COST.N && r === SCRYPT_COST.r && p === SCRYPT_COST.p ? ' (current)' : '';
  console.log(
    `scrypt N=2^${Math.log2(N)} r=${r} p=${p}, ${(128 * N * r) / 2 ** 20} MiB: ${summary(times)}, ` +
      `CPU ${cpuMs.toFixed(0)} ms${current}`,
  );
}

const stored = await hashPassword('correct horse battery');
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const watch = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const burst = await time(() =>
  Promise.all(Array.from({ length: 8 }, () => verifyPassword('correct horse battery', stored))),
);
clearInterval(watch);
console.log(
  `8 sign-ins at once (${MAX_CONCURRENT_HASHES} hashes at a time): ${burst.toFixed(0)} ms, ` +
    `peak RSS +${((peak - rssBefore) / 2 ** 20).toFixed(0)} MiB`,
);

const account = { email: 'grace.hopper@example.test', name: 'Grace Hopper' };
passwordProblem('warm up the estimator', account);
for (const [label, password] of [
  ['passphrase', 'correct horse battery'],
  ['64 characters, l33t pattern', 'p@$$w0rd'.repeat(8)],
  ['128 characters, l33t pattern', 'p@$$w0rd'.repeat(16)],
  ['128 random characters', crypto.randomBytes(96).toString('base64')],
]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await time(() => passwordProblem(password, account)));
  console.log(`passwordProblem, ${label}: ${summary(times)}`);
}
