import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findActivityVerbs, findInOtherWords, verbRoot } from '../../src/ai/decomposition/skill-phrases.ts';
import { requiredSkills, type SkillContext } from '../../src/ai/decomposition/task-skills.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { parseText } from '../../src/ai/taxonomy/text-parser.ts';

const taxonomy = loadTaxonomy();
const context: SkillContext = { taxonomy, background: [], fallback: [] };
const names = (piece: string, title: string) => requiredSkills(piece, title, context).map((skill) => skill.name);
const byVerb = (text: string) => findActivityVerbs(taxonomy, parseText(text)).map((mention) => mention.skill.name);
const inWords = (text: string) => findInOtherWords(taxonomy, text).map((mention) => mention.skill.name);

/** Task skills a brief asks for by the verb of their work, not by their name (docs/quality.md, task-recall-10). */
describe('decomposition: skills asked for by the verb of their work', () => {
  it('gives a verb and the noun of its activity one root, and leaves nouns apart', () => {
    for (const [verb, noun] of [
      ['inspected', 'inspection'],
      ['translated', 'translation'],
      ['insured', 'insurance'],
      ['surveyed', 'survey'],
      ['negotiate', 'negotiation'],
      ['recruited', 'recruitment'],
      ['fermented', 'fermentation'],
    ])
      assert.equal(verbRoot(verb), verbRoot(noun), `${verb} / ${noun}`);
    assert.notEqual(verbRoot('fer'), verbRoot('ferment'));
  });

  it('reads a one-word skill from its verb done to something or after "be"', () => {
    assert.deepEqual(byVerb('Twenty new carers recruited over the winter.'), ['Recruitment']);
    assert.deepEqual(byVerb('Six teachers have to be recruited.'), ['Recruitment']);
    assert.deepEqual(byVerb('the finished rooms photographed'), ['Photography']);
    assert.ok(byVerb('the space named and branded').includes('Brand identity'));
    assert.ok(byVerb('six more cars leased, insured for trainees').includes('Insurance'));
    const carers = names('Twenty new carers recruited over the winter.', 'Recruit twenty new carers');
    assert.ok(carers.includes('Recruitment'), carers.join(', '));
  });

  it('not from the word as a noun, an adjective, a state or a condition', () => {
    // No thing before "be": research participants, not staff.
    assert.deepEqual(byVerb('Before anyone is recruited we need help with the ethics application.'), []);
    assert.deepEqual(byVerb('a debt collection agency authorised by the regulator and licensed by the council'), []);
    assert.deepEqual(byVerb('a costed retrofit plan'), []);
    assert.deepEqual(byVerb('We milk 320 cows.'), []);
    // An everyday sense: results interpreted are no language interpreting.
    assert.deepEqual(byVerb('with a lab arranged and the results interpreted'), []);
    // A skill the taxonomy places in no kind of work (a podiatrist's "offloading").
    assert.deepEqual(byVerb('tell us which bays must be offloaded'), []);
  });

  it('reads a skill phrase from a verb and its object when the phrase names the verb as its noun', () => {
    assert.ok(inWords('inspect the pallet racking').includes('Warehouse safety'));
    assert.ok(inWords('the racking inspected').includes('Warehouse safety'));
    assert.ok(inWords('clear customs for the parts').includes('Import & export'));
  });

  it('but not two nouns, nor a verb that is an adjective after an article', () => {
    assert.ok(!inWords('a clear customer notice explaining the risk').includes('Import & export'));
    assert.ok(!inWords('a flow diagram of every product line').includes('Production line operation'));
  });
});
