import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { t } from '../../src/ai/brief/concerns/vocabulary.ts';
import { parseText } from '../../src/ai/taxonomy/text-parser.ts';
import { analyseBrief } from './screening-cases.ts';

/**
 * A hyphenated phrase is read whole as well as split (brief/terms.ts): wink splits most hyphenated words ("knock-off",
 * "proof-of-funds") but keeps some whole ("anti-money" before "laundering"), and a guard written with a hyphen must hold
 * either way.
 */
describe('brief terms: hyphenated phrases', () => {
  test('a hyphenated phrase matches whether the tagger keeps the word whole or splits it', () => {
    const whole = parseText('We need anti-money laundering checks for each client.');
    assert.equal(t('anti-money').has(whole.tokens), true);
    assert.equal(t('anti-*').has(whole.tokens), true);
    const split = parseText('A proof-of-funds letter from each buyer.');
    assert.equal(t('proof-of-funds').has(split.tokens), true);
    assert.equal(t('anti-money').has(split.tokens), false);
  });

  test('an anti-money laundering check is workable, not refused as money laundering', async () => {
    const output = await analyseBrief(
      'Client checks for our accountancy practice',
      'Our accountancy practice holds client funds. We need anti-money laundering checks set up for every new ' +
        'client, with ID verification and a written risk assessment. Budget £2,000.',
    );
    assert.equal(output.workable, true, output.rejection_reason ?? '');
  });
});
