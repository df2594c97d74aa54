import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { practicesInOwnWords } from '../../src/ai/decomposition/own-words-skills.ts';
import { mainSkills, requiredSkills } from '../../src/ai/decomposition/task-skills.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

const taxonomy = loadTaxonomy();
const practices = (text: string) => practicesInOwnWords(text, taxonomy).map((practice) => practice.name);

/**
 * A task's skills in the brief's own words (issue 8, item 3): a practice the brief names that the taxonomy does not
 * know is kept as written, and only a practice: names, someone's own, verbs and words that say nothing of the
 * subject are not.
 */
describe('decomposition: practices in the brief’s own words', () => {
  it('keeps a practice the taxonomy lacks as the brief writes it, named in the singular as a skill is', () => {
    assert.equal(taxonomy.resolve('Bat roost assessment'), undefined, 'the example must be one the taxonomy lacks');
    assert.deepEqual(practices('Carry out a bat roost assessment of the barn and the trees beside it.'), [
      'Bat roost assessment',
    ]);
    assert.deepEqual(practices('1. Leak detection surveys on the main pipe'), ['Leak detection survey']);
    assert.deepEqual(practices('Principal inspections of the six bridges'), ['Principal inspection']);
    assert.deepEqual(practices('a desk-based assessment of the site'), ['Desk-based assessment']);
  });

  it('keeps a kind of work named by what it is of (control, management, research, design, planning) as a practice', () => {
    for (const name of ['Bracken control', 'Archive research', 'Moorland management'])
      assert.equal(taxonomy.resolve(name), undefined, `${name} must be one the taxonomy lacks`);
    assert.deepEqual(practices('A bracken control plan for the hill.'), ['Bracken control']);
    assert.deepEqual(practices('Archive research into the estate’s tenancies.'), ['Archive research']);
    assert.deepEqual(practices('Moorland management for the next ten years.'), ['Moorland management']);
    // Part of a longer name: what follows is the thing, not a document the work produces.
    assert.deepEqual(practices('Replace the gate control panel and the moorland management office sign.'), []);
  });

  it('leaves a practice the taxonomy knows to the taxonomy, in either number', () => {
    assert.ok(taxonomy.resolve('Risk assessment'), 'the example must be one the taxonomy knows');
    assert.deepEqual(practices('Write the risk assessment and the risk assessments for each site.'), []);
  });

  it('takes no name, nobody’s own work, no verb and no word that says nothing of the subject', () => {
    assert.deepEqual(practices('Prepare for the UKAS assessment and the CQC inspection.'), [], 'names');
    assert.deepEqual(
      practices("Answer our customer’s audit, the residents' survey and the tenants’ survey."),
      [],
      'theirs',
    );
    assert.deepEqual(practices('Survey the site and inspect the roof.'), [], 'verbs');
    assert.deepEqual(practices('Please arrange bat roost assessments.'), ['Bat roost assessment'], 'the verb before');
    assert.deepEqual(practices('A new survey, the final inspection and an annual audit.'), [], 'no subject');
    assert.deepEqual(practices('A full expert inspection and a professional survey.'), [], 'how, not of what');
    assert.deepEqual(practices('weekly in-house inspections of the racking'), [], 'a word cut at its hyphen');
    assert.deepEqual(practices('Complete the health and safety risk assessments for the crews.'), [], 'shared words');
    assert.deepEqual(practices('Present it to the Noise Assessment Panel.'), [], 'part of a name');
  });

  it('gives the task the practice as a core skill, with the words it quotes as its reason', () => {
    const skills = requiredSkills('Carry out a bat roost assessment of the barn.', 'Carry out a bat roost assessment', {
      taxonomy,
      background: [],
      fallback: [],
    });
    const practice = skills.find((skill) => skill.name === 'Bat roost assessment');
    assert.deepEqual(practice, {
      name: 'Bat roost assessment',
      reason: 'Named in the brief for it: "bat roost assessment".',
      core: true,
    });
  });

  it("adds the practice beside the brief's main work, which it does not stand in for", () => {
    const ctx = {
      taxonomy,
      background: [],
      fallback: [],
      briefSkills: mainSkills(taxonomy, 'Repairing our footbridge', 'We need a structural engineer for the bridge.'),
    };
    const skills = requiredSkills('A load assessment of the deck beams.', 'Assess the deck beams', ctx);
    assert.deepEqual(
      skills.map((skill) => skill.name),
      ['Structural engineering', 'Load assessment'],
    );
  });

  it('adds no practice that a taxonomy skill of the task names under a longer name', () => {
    const ctx = { taxonomy, background: [], fallback: [] };
    const piece = 'An electrical inspection of the hall with an EICR at the end.';
    assert.deepEqual(practices(piece), ['Electrical inspection'], 'the practice alone is found');
    const skills = requiredSkills(piece, 'Carry out an electrical inspection', ctx).map((skill) => skill.name);
    assert.ok(skills.includes('Electrical inspection and testing'), skills.join(', '));
    assert.ok(!skills.includes('Electrical inspection'), skills.join(', '));
  });
});
