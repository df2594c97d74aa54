import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namesFound, taxonomy } from './shipped-taxonomy.ts';

describe('spoken languages', () => {
  it('knows the languages of the world under the names CVs give them', () => {
    for (const [written, language] of [
      ['isiZulu', 'Zulu'],
      ['Setswana', 'Tswana'],
      ['siSwati', 'Swazi'],
      ['Twi', 'Akan'],
      ['Yoruba', 'Yoruba'],
      ['Malayalam', 'Malayalam'],
      ['te reo Māori', 'Maori'],
    ]) {
      assert.equal(taxonomy.resolve(written)?.category, 'language', written);
      assert.equal(taxonomy.resolve(written), taxonomy.resolve(language), written);
    }
  });

  it('reads every item of a list whose items carry a level in brackets', () => {
    const names = namesFound(
      'Languages: isiZulu (home language), English (fluent), Afrikaans (intermediate), Setswana (basic)',
    );
    for (const language of ['Zulu', 'English', 'Afrikaans', 'Tswana']) {
      assert.ok(
        names.some((name) => taxonomy.resolve(name) === taxonomy.resolve(language)),
        names.join(', '),
      );
    }
  });

  it('does not take a people or a cuisine for a language outside a list', () => {
    assert.deepEqual(namesFound('We cooked Yoruba and Zulu dishes for the festival.'), []);
  });
});
