import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Reading rules added with the ten professions of docs/quality.md, "CV skills of ten more professions" (branch
 * cv-trades-6): a licence the person says they do not hold, another professional's sign-off, a hobbies section headed
 * in other words, and the head row of a table of seasons or credentials. CVs and lines written for these tests.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: ten more professions', () => {
  it('leaves out a licence the person says they are not licensed for', () => {
    const found = names([
      'Experience',
      'Coach Driver, Lakeside Coaches, 2016 – 2024',
      '- Day tours and school runs in 53-seat coaches.',
      'I am not licensed for articulated lorries (C+E).',
    ]);
    assert.ok(!found.includes('HGV driving'), found.join(', '));
    assert.ok(found.includes('Bus and coach driving'), found.join(', '));
  });

  it('reads the work another professional signs off as theirs', () => {
    const found = names([
      'Experience',
      'Third Officer, Northsea Tankers, 2020 – 2024',
      '- Cargo watches and ballast; the Chief Officer signs off stability calculations.',
    ]);
    assert.ok(!found.includes('Ship stability'), found.join(', '));
  });

  it('reads a section headed "Out of work" or "Spare time" as pastimes', () => {
    for (const heading of ['OUT OF WORK', 'Spare time', 'Outside work']) {
      const found = names([
        'Experience',
        'Glazier, Clearview Ltd, 2015 – 2024',
        '- Curtain walling and shopfronts.',
        heading,
        'Sea fishing off the Gower; I coach my daughter’s netball team.',
      ]);
      assert.ok(!found.some((name) => /fishing|coaching/i.test(name)), `${heading}: ${found.join(', ')}`);
      assert.ok(found.includes('Curtain walling'), found.join(', '));
    }
  });

  it('reads a table of field seasons as work, not as a list of skills', () => {
    // Rows as a Word table gives them: cells joined by bars, a line a row.
    const found = names([
      'Skills',
      '- Core logging and geological mapping',
      'Field seasons',
      '2021 – 2023 | Field geologist, Timmins West: mapping, stripping, channel sampling',
    ]);
    for (const name of ['Mapping', 'Stripping']) assert.ok(!found.includes(name), `${name} in ${found.join(', ')}`);
    assert.ok(found.includes('Core logging') && found.includes('Rock sampling'), found.join(', '));
  });

  it('reads the head row of a table of jobs or credentials as no skill', () => {
    const found = names(['Skills', '- Core logging and geological mapping', 'Period | Project and role']);
    for (const name of ['Period', 'Project and role'])
      assert.ok(!found.includes(name), `${name} in ${found.join(', ')}`);
    assert.ok(found.includes('Core logging'), found.join(', '));
  });

  it('reads the industries of the risks a person insures as the clients’ trades, not skills', () => {
    const found = names([
      'Career',
      'Property Underwriter, Northgate Syndicate, 2018 – present',
      'I write a book of commercial property risks: manufacturing, warehousing and hotels.',
      'I wrote our underwriting guide for food manufacturing risks.',
      'I identify safeguarding risks on every visit.',
    ]);
    for (const name of ['Manufacturing', 'Warehouse management', 'Food manufacturing'])
      assert.ok(!found.includes(name), `${name} in ${found.join(', ')}`);
    assert.ok(found.includes('Safeguarding'), found.join(', '));
    const listed = names(['Skills', 'Manufacturing, warehousing, logistics']);
    assert.ok(listed.includes('Manufacturing') && listed.includes('Warehouse management'), listed.join(', '));
  });

  it('joins a bar-separated list a PDF wrapped across two lines, but not the rows of a table', () => {
    const found = names([
      'Skills',
      'Machine Stenography | Realtime Writing | Case CATalyst | Transcript Production | Legal Terminology | Medical',
      'Terminology | Proofreading | Spanish (conversational)',
    ]);
    assert.ok(found.includes('Medical terminology'), found.join(', '));
    assert.ok(!found.includes('Medical') && !found.includes('Terminology'), found.join(', '));
    const rows = names([
      'Skills',
      'TIG (141) | Carbon steel | 6G | Pipe | BS EN ISO 9606-1',
      'MIG (135) | Stainless steel | 3G | Plate | BS EN ISO 9606-1',
    ]);
    assert.ok(rows.includes('TIG welding') && rows.includes('MIG welding'), rows.join(', '));
  });
});
