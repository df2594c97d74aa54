import crypto from 'node:crypto';
import { promisify } from 'node:util';
import pLimit from 'p-limit';

/**
 * Password hashing with scrypt (memory-hard, built into Node). Stored as `scrypt$N$r$p$salt$hash`, so every hash
 * says its own cost: older hashes keep verifying, and a sign-in rehashes one below the current cost
 * (`needsRehash`, password-sign-in.service.ts).
 */
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * One of OWASP's equivalent scrypt settings (Password Storage Cheat Sheet: N=2^17 r=8 p=1, or 2^16/8/2, 2^15/8/3,
 * 2^14/8/5, 2^13/8/10). This one holds 32 MiB per hash (128·N·r bytes), as the earlier 2^15/8/1 did, so memory
 * under concurrent sign-ins does not grow; among the settings that take about as long, it is the one that needs the
 * most memory per lane, which is what makes guessing on GPUs expensive. Measured in docs/security.md.
 */
export const SCRYPT_COST = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });
const KEY_LENGTH = 32;
/** Enough for any stored hash up to twice the current memory (an old or a raised cost) and not more. */
const MAX_MEMORY = 2 * 128 * SCRYPT_COST.N * SCRYPT_COST.r + 1024 * 1024;

/**
 * Hashes run in libuv's thread pool (4 threads by default), which file reads and writes share. At most two hashes at
 * a time: a burst of sign-ins waits its turn instead of taking every thread from uploads and downloads, and holds
 * at most 64 MiB of scrypt memory per process.
 */
export const MAX_CONCURRENT_HASHES = 2;
const hashing = pLimit(MAX_CONCURRENT_HASHES);

type Cost = { N: number; r: number; p: number };

/**
 * The cost new hashes get and `needsRehash` measures against: always SCRYPT_COST in the service. Test processes that
 * sign in hundreds of times lower it (`useHashCostForTests`): at SCRYPT_COST each hash and each sign-in computes for
 * about 0.3 s, which made hashing the largest fixed cost of the test suite.
 */
let currentCost: Cost = SCRYPT_COST;

/**
 * For test processes only (test/helpers/context.ts), never called by the service: hashes with `cost` from now on,
 * and counts hashes below it as needing a rehash. The algorithm and the code path stay the same; the tests of the
 * cost itself (passwords.test.ts, the rehash at sign-in) keep SCRYPT_COST.
 */
export function useHashCostForTests(cost: Cost): void {
  currentCost = Object.freeze({ ...cost });
}

/** The parts of a stored hash, or null when it is not one of ours. */
function parseHash(stored: string): { cost: Cost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

function derive(password: string, salt: Buffer, keyLength: number, cost: Cost): Promise<Buffer> {
  return hashing(() => scrypt(password, salt, keyLength, { ...cost, maxmem: MAX_MEMORY }));
}

/** Hashes a password exactly as given (never trimmed or otherwise changed) at the current cost. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await derive(password, salt, KEY_LENGTH, currentCost);
  const { N, r, p } = currentCost;
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost);
  return crypto.timingSafeEqual(parsed.hash, actual);
}

/** Whether a stored hash is below the current cost (in time or in memory), so a sign-in should hash it again. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  const current = currentCost;
  return N * r < current.N * current.r || N * r * p < current.N * current.r * current.p;
}

/** Hashes computing now and waiting for their turn in this process. */
export function hashingLoad(): { running: number; waiting: number } {
  return { running: hashing.activeCount, waiting: hashing.pendingCount };
}
