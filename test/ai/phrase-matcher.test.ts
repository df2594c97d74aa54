import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { continuesPast, PhraseIndex, valuesOf } from '../../src/ai/taxonomy/phrase-index.ts';
import { type MatchMode, PhraseMatcher } from '../../src/ai/taxonomy/phrase-matcher.ts';
import { parseText } from '../../src/ai/taxonomy/text-parser.ts';

describe('PhraseIndex', () => {
  const index = new PhraseIndex(
    [
      ['data'],
      ['data', 'entry'],
      ['data', 'entry', 'clerk'],
      ['database'],
      ['data', 'entry'],
      ['data', '-', 'driven'],
    ].map((words, k) => ({ words, value: k })),
  );
  const data = index.bucket('data')!;

  test('finds every phrase of the same words, in entry order', () => {
    assert.deepEqual(valuesOf(data, ''), [0]);
    assert.deepEqual(valuesOf(data, 'entry'), [1, 4]);
    assert.deepEqual(valuesOf(data, 'entry clerk'), [2]);
    assert.deepEqual(valuesOf(data, 'entr'), []);
    assert.deepEqual(valuesOf(index.bucket('database')!, ''), [3]);
    assert.equal(index.bucket('dat'), undefined);
  });

  test('tells whether a phrase goes on past some words, and nothing else shares a prefix of letters', () => {
    assert.equal(continuesPast(data, ''), true);
    assert.equal(continuesPast(data, 'entry'), true);
    assert.equal(continuesPast(data, 'entry clerk'), false);
    assert.equal(continuesPast(data, 'ent'), false);
    assert.equal(continuesPast(data, '-'), true);
    assert.equal(continuesPast(index.bucket('database')!, ''), false);
  });
});

describe('PhraseMatcher', () => {
  const matcher = (phrases: [string, MatchMode][], options = {}) =>
    new PhraseMatcher(
      phrases.map(([phrase, mode]) => ({ phrase, target: phrase, mode })),
      options,
    );
  const found = (m: PhraseMatcher<string>, text: string) => m.match(text).map((match) => match.target);

  test('prefers the longest phrase among many that share their first words', () => {
    const phrases: [string, MatchMode][] = [];
    for (let k = 0; k < 2000; k++) phrases.push([`data entry step ${k}`, 'any-case']);
    phrases.push(['data', 'any-case'], ['data entry', 'any-case'], ['data entry step', 'any-case']);
    const m = matcher(phrases);
    assert.deepEqual(found(m, 'Data entry step 1234 and data entry, then data.'), [
      'data entry step 1234',
      'data entry',
      'data',
    ]);
    assert.deepEqual(found(m, 'Data entry step 2000.'), ['data entry step']);
  });

  test('the last of several words may be plural, a one-word phrase matches only as written', () => {
    const m = matcher([
      ['sales dashboard', 'any-case'],
      ['site', 'any-case'],
    ]);
    assert.deepEqual(found(m, 'Two sales dashboards for our sites and one site.'), ['sales dashboard', 'site']);
  });

  test('a hyphenated word matches as its parts, and its parts never match alone', () => {
    const m = matcher([
      ['e-commerce', 'any-case'],
      ['commerce', 'any-case'],
      ['first', 'any-case'],
    ]);
    const parsed = parseText('An e-commerce site, mobile-first, and commerce.');
    const matches = m.match(parsed);
    assert.deepEqual(
      matches.map((match) => match.target),
      ['e-commerce', 'commerce'],
    );
    // Positions are the parser's tokens: "e-commerce" is one of them.
    const [ecommerce] = matches;
    assert.deepEqual(
      parsed.tokens.slice(ecommerce.firstToken, ecommerce.endToken).map((token) => token.value),
      ['e-commerce'],
    );
  });

  test('with stopWordsNeedContext, a one-word phrase on a stop word needs a skills context', () => {
    const phrases: [string, MatchMode][] = [
      ['make', 'any-case'],
      ['zapier', 'any-case'],
    ];
    const gated = matcher(phrases, { stopWordsNeedContext: true });
    assert.deepEqual(found(gated, 'We make bread every morning.'), []);
    assert.deepEqual(found(gated, 'Automations built with Make and Zapier.'), ['make', 'zapier']);
    assert.deepEqual(found(matcher(phrases), 'We make bread every morning.'), ['make']);
  });
});
