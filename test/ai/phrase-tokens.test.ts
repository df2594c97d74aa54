import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fastPhraseTokens, matchingTokens, parsedPhraseTokens } from '../../src/ai/taxonomy/phrase-tokens.ts';
import { readTaxonomyData } from '../../src/ai/taxonomy/taxonomy-data.ts';
import { parseText } from '../../src/ai/taxonomy/text-parser.ts';

const shown = (tokens: { value: string; glued: boolean }[] | undefined) =>
  tokens?.map((token) => (token.glued ? `~${token.value}` : token.value)).join(' ');

/** Every phrase the runtime tokenises: skill names and aliases of the shipped skills file, area triggers. */
function taxonomyPhrases(): string[] {
  const data = readTaxonomyData();
  const phrases = new Set<string>();
  for (const skill of data.skills) for (const phrase of [skill.name, ...(skill.aliases ?? [])]) phrases.add(phrase);
  for (const area of data.areas) for (const phrase of [...area.triggers, ...area.weak_triggers]) phrases.add(phrase);
  return [...phrases];
}

describe('phrase tokens', () => {
  test('are the tokens text-parser gives for every phrase of the taxonomy, nearly all without the parser', () => {
    const phrases = taxonomyPhrases();
    let parsed = 0;
    for (const phrase of phrases) {
      const fast = fastPhraseTokens(phrase);
      if (fast === undefined) {
        parsed++;
        continue;
      }
      assert.equal(shown(fast), shown(parsedPhraseTokens(phrase)), phrase);
    }
    assert.ok(parsed <= phrases.length / 100, `${parsed} of ${phrases.length} phrases needed the parser`);
  });

  test('split words, numbers and marks as wink does', () => {
    const cases: [string, string][] = [
      ['Node.js', 'Node ~. ~js'],
      ['C++17 and C#', 'C ~+ ~+17 and C ~#'],
      ['CI/CD pipelines', 'CI ~/ ~CD pipelines'],
      ['3D modelling', '3 ~D modelling'],
      ['ES6 and Neo4j', 'ES6 and Neo4j'],
      ['OAuth 2.0', 'OAuth 2.0'],
      ["children's well-being", "children ~'s well ~- ~being"],
      ['Research & Development (R&D)', 'Research & Development ( ~R&D ~)'],
      ['.NET Core', '. ~NET Core'],
    ];
    for (const [phrase, tokens] of cases) {
      assert.equal(shown(fastPhraseTokens(phrase)), tokens, phrase);
      assert.equal(shown(parsedPhraseTokens(phrase)), tokens, phrase);
    }
  });

  test('leave to the parser the shapes the rules are not sure of', () => {
    for (const phrase of ['U.S. law', 'cannot', 'it’s', '9am shifts', '@nalyst']) {
      assert.equal(fastPhraseTokens(phrase), undefined, phrase);
    }
  });
});

describe('matchingTokens', () => {
  test('splits a hyphenated word token into its parts, glued, and maps them back to the parser token', () => {
    const parsed = parseText('An e-commerce site, a mobile-first design.');
    const whole = parsed.tokens.findIndex((token) => token.value === 'e-commerce');
    assert.ok(whole > 0, 'wink keeps "e-commerce" whole');
    const { tokens, origin } = matchingTokens(parsed);
    const parts = tokens.map((token, k) => [token.value, token.glued, origin[k]]);
    assert.deepEqual(
      parts.filter(([, , index]) => index === whole),
      [
        ['e', false, whole],
        ['-', true, whole],
        ['commerce', true, whole],
      ],
    );
    assert.deepEqual(
      tokens.filter((token) => origin[tokens.indexOf(token)] === whole).map((token) => text(parsed.text, token)),
      ['e', '-', 'commerce'],
    );
  });

  test('leaves a text without hyphenated words as the parser read it', () => {
    const parsed = parseText('Python and SQL.');
    assert.equal(matchingTokens(parsed).tokens, parsed.tokens);
  });
});

function text(source: string, token: { start: number; end: number }): string {
  return source.slice(token.start, token.end);
}
