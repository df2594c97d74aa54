import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildTaxonomy, loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { readTaxonomyData, type SkillEntry, skillsFileUrl } from '../../src/ai/taxonomy/taxonomy-data.ts';

const curated = JSON.parse(fs.readFileSync(new URL('../../src/ai/taxonomy/skills.json', import.meta.url), 'utf8'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-taxonomy-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A skills file: the curated skills (areas.json needs their default skills) plus `extra` entries. */
function skillsFile(extra: SkillEntry[]): URL {
  const file = path.join(dir, `skills-${++files}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...curated, skills: [...curated.skills, ...extra] }));
  return pathToFileURL(file);
}

/** Names no real taxonomy holds, so that the curated list may grow without clashing. */
const entry = (name: string, parent?: string, more: Partial<SkillEntry> = {}): SkillEntry => ({
  name,
  category: 'technical',
  fields: ['engineering'],
  ...(parent ? { parent } : {}),
  ...more,
});

describe('taxonomy hierarchy', () => {
  const taxonomy = buildTaxonomy(
    readTaxonomyData(
      skillsFile([
        entry('Zyx joining'),
        entry('Zyx arc welding', 'Zyx joining', {
          aliases: ['zyx electric welding'],
          ref: { scheme: 'esco', id: 'http://data.europa.eu/esco/skill/x', label: 'use arc welding techniques' },
        }),
        entry('Zyx TIG Welding', 'zyx arc welding'),
        entry('Zyx MIG Welding', 'Zyx arc welding'),
        entry('Zyx pipe TIG welding', 'Zyx TIG Welding'),
        entry('Zyx brazing', 'Zyx joining'),
      ]),
    ),
  );
  const skill = (name: string) => taxonomy.resolve(name)!;
  const names = (skills: { name: string }[]) => skills.map((s) => s.name);

  test('a skill keeps its parent and its open-data reference', () => {
    assert.equal(skill('Zyx TIG Welding').parent, 'zyx arc welding');
    assert.deepEqual(skill('zyx electric welding').ref, {
      scheme: 'esco',
      id: 'http://data.europa.eu/esco/skill/x',
      label: 'use arc welding techniques',
    });
    assert.equal(skill('Zyx joining').parent, null);
    assert.equal(skill('Zyx joining').ref, null);
  });

  test('broaderOf is the parent chain, nearest first', () => {
    assert.deepEqual(names(taxonomy.broaderOf(skill('Zyx pipe TIG welding'))), [
      'Zyx TIG Welding',
      'Zyx arc welding',
      'Zyx joining',
    ]);
    assert.deepEqual(taxonomy.broaderOf(skill('Zyx joining')), []);
  });

  test('narrowerOf is every descendant, nearest first', () => {
    assert.deepEqual(names(taxonomy.narrowerOf(skill('Zyx joining'))), [
      'Zyx arc welding',
      'Zyx brazing',
      'Zyx TIG Welding',
      'Zyx MIG Welding',
      'Zyx pipe TIG welding',
    ]);
    assert.deepEqual(names(taxonomy.narrowerOf(skill('Zyx arc welding'))), [
      'Zyx TIG Welding',
      'Zyx MIG Welding',
      'Zyx pipe TIG welding',
    ]);
    assert.deepEqual(taxonomy.narrowerOf(skill('Zyx brazing')), []);
  });
});

describe('taxonomy data checks', () => {
  test('a parent that names no skill stops loading with its name', () => {
    assert.throws(
      () => readTaxonomyData(skillsFile([entry('Zyx TIG Welding', 'Zyx underwater welding')])),
      /Zyx TIG Welding: unknown parent Zyx underwater welding/,
    );
  });

  test('a cycle of parents stops loading and names the cycle', () => {
    const file = skillsFile([
      entry('A welding', 'C welding'),
      entry('B welding', 'A welding'),
      entry('C welding', 'B welding'),
    ]);
    assert.throws(() => readTaxonomyData(file), /parents form a cycle: A welding → C welding → B welding → A welding/);
    assert.throws(() => readTaxonomyData(skillsFile([entry('Self welding', 'self welding')])), /cycle/);
  });

  test('a malformed reference is refused by the schema', () => {
    const bad = entry('Zyx soldering', undefined, { ref: { scheme: 'wiki', id: 'x', label: 'y' } as never });
    assert.throws(() => readTaxonomyData(skillsFile([bad])), /does not have the expected shape/);
  });

  test('the runtime reads the generated file when it has been built, else the curated list', () => {
    const generated = new URL('../../src/ai/taxonomy/taxonomy.generated.json', import.meta.url);
    const expected = fs.existsSync(generated)
      ? generated
      : new URL('../../src/ai/taxonomy/skills.json', import.meta.url);
    assert.equal(skillsFileUrl().href, expected.href);
    const shipped = JSON.parse(fs.readFileSync(expected, 'utf8'));
    assert.equal(loadTaxonomy().skills.length, shipped.skills.length);
  });
});
