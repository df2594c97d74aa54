import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './password-policy.ts';

const grace = { email: 'grace.hopper@example.test', name: 'Grace Hopper' };
const TOO_EASY = /too easy to guess.*Choose another/;
const PERSONAL = /must not contain your email address or name/;

describe('passwordProblem', () => {
  it('accepts passphrases and random passwords, spaces included', () => {
    for (const password of [
      'correct horse battery',
      'pass phrase with spaces',
      '  padded secret  ',
      'zkxqmvbt',
      'Tr0ub4dor&3',
      'mY dog has fleas',
      'ünïcödé pässwörd',
    ]) {
      assert.equal(passwordProblem(password, grace), null, password);
    }
  });

  it(`needs ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, counted as characters, not bytes`, () => {
    assert.equal(passwordProblem('', grace), 'The password field is required.');
    assert.equal(passwordProblem('zkxqmvb', grace), 'The password must be at least 8 characters.');
    assert.equal(passwordProblem('😀😀😀😀😀😀😀', grace), 'The password must be at least 8 characters.');
    const longest = 'a random walk through 128 chars! '.repeat(4).slice(0, MAX_PASSWORD_LENGTH);
    assert.equal(passwordProblem(longest, grace), null);
    assert.equal(passwordProblem(`${longest}x`, grace), 'The password must not be greater than 128 characters.');
  });

  it('refuses common passwords, their variations and simple patterns, saying what to do instead', () => {
    for (const password of [
      'password',
      'Password1!',
      'P@ssw0rd123',
      'iloveyou2024',
      'sunflower77',
      'dragonball',
      'letmein123',
      'qwerty123456',
      '1qaz2wsx3edc',
      'abcdefgh1',
      '11111111',
      'x'.repeat(100),
    ]) {
      assert.match(passwordProblem(password, grace) ?? '', TOO_EASY, password);
    }
  });

  it('refuses a password that is or contains the email, its name part, or the name, in any case', () => {
    for (const password of [
      'grace.hopper@example.test',
      'GRACE.HOPPER is me',
      'hopper2024!',
      'Grace rocks forever',
      'my name is grace hopper',
    ]) {
      assert.match(passwordProblem(password, grace) ?? '', PERSONAL, password);
    }
    // Short name parts are ordinary letters: "Al" does not forbid "always".
    assert.equal(passwordProblem('always a good crane', { email: 'al@example.test', name: 'Al Li' }), null);
    assert.equal(passwordProblem('hopper2024!x', {}), null, 'without an account, only the password is judged');
  });

  it('judges only the first 32 characters for guessability (zxcvbn slows down faster than the length grows)', () => {
    const strongStart = 'Tr0ub4dor&3 mY dog has fleas zkx';
    assert.equal([...strongStart].length, 32);
    assert.equal(passwordProblem(strongStart, grace), null);
    assert.match(passwordProblem(`${'x'.repeat(32)}${strongStart}`, grace) ?? '', TOO_EASY);
    assert.equal(passwordProblem(`${strongStart}${'x'.repeat(64)}`, grace), null);
  });
});
