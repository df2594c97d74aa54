import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * What a new password must be (OWASP ASVS 5.0, V6.2; NIST SP 800-63B): long enough, not absurdly long, not one an
 * attacker tries first, and not made of the account's own e-mail or name. No composition rules (no "one digit, one
 * symbol"): ASVS forbids them, and length plus the list below do more. The password is judged exactly as typed:
 * nothing here trims or changes it.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; past this, a form field is more likely a paste gone wrong (ASVS asks for ≥ 64). */
export const MAX_PASSWORD_LENGTH = 128;
/**
 * zxcvbn's estimate of the guesses an attacker needs. Below a million it is a common password or a small variation of
 * one (capitals, digits, l33t, reversed), a keyboard walk, a sequence, a repeat or a date: what the blocklist of
 * ASVS 6.2.4 / NIST means. Higher thresholds turn the check into a strength meter that refuses random 8-character
 * passwords, which the minimum length admits on purpose.
 */
const MIN_GUESSES = 1e6;
/**
 * Only the first 32 characters are estimated. zxcvbn runs on the event loop and its time grows faster than the
 * length: for the slowest inputs measured (l33t patterns, digit runs, random base64) about 20 ms at 32 characters,
 * up to 80 ms at 64 and 320 ms at 128 on a quiet 2-core machine, and 3 to 5 times the 32-character figure at 64 on a
 * busy one; so each registration would stall every request for a noticeable moment. A password whose first 32 characters are hard to guess is hard to guess; one that
 * starts with 32 easy characters is refused, and the message says what to choose instead.
 */
const ESTIMATED_LENGTH = 32;
/** Parts of the e-mail and name shorter than this are ordinary letter pairs and triples, not a giveaway. */
const MIN_PERSONAL_PART = 4;

/**
 * The common-password list shipped with zxcvbn-ts (about 49,000 passwords from public breach corpora, most used
 * first) and its keyboard layouts. Loaded and built on first use, about 80 ms, so processes that never set a
 * password skip it: the dictionaries alone hold about 18 MB of every process's memory once imported. The check is
 * synchronous, so the (CommonJS) packages are required, not imported.
 */
let estimator: ZxcvbnFactory | null = null;
function estimate(password: string, personal: string[]) {
  if (!estimator) {
    const require = createRequire(import.meta.url);
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const { adjacencyGraphs, dictionary } =
      require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: ESTIMATED_LENGTH });
  }
  return estimator.check(password, personal);
}

/** The e-mail, its local part and the name, whole and word by word, lower-cased; the short pieces dropped. */
function personalWords(account: { email?: string; name?: string }): string[] {
  const email = account.email?.trim().toLowerCase() ?? '';
  const name = account.name?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  const words = [email, local, name, ...`${local} ${name}`.split(/[^\p{L}\p{N}]+/u)];
  return [...new Set(words)].filter((word) => [...word].length >= MIN_PERSONAL_PART);
}

/**
 * Why this new password cannot be used, as a sentence that says what to do; null when it is fine. For every place a
 * password is set (registration, the CLI's `user:create`, a future password change); sign-in never calls it, so
 * passwords set before a rule changed keep working.
 */
export function passwordProblem(password: string, account: { email?: string; name?: string } = {}): string | null {
  const length = [...password].length;
  if (length === 0) return 'The password field is required.';
  if (length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return `The password must not be greater than ${MAX_PASSWORD_LENGTH} characters.`;
  }
  const personal = personalWords(account);
  const lowered = password.toLowerCase();
  if (personal.some((word) => lowered.includes(word))) {
    return 'The password must not contain your email address or name. Choose a password that has nothing to do with them.';
  }
  if (estimate(password, personal).guesses < MIN_GUESSES) {
    return 'This password is too easy to guess: it is a common password, a variation of one, or a simple pattern (like a keyboard row, a date or a repeat). Choose another, for example three or four unrelated words.';
  }
  return null;
}
