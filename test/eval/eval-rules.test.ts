import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { briefLabelProblems, coveredPieces, type PlannedTaskView, readBriefLabels } from '../../eval/briefs.ts';
import { normaliseSkillName, SkillLabelMatcher, scoreSkills } from '../../eval/skill-labels.ts';
import type { Taxonomy, TaxonomySkill } from '../../src/ai/taxonomy/taxonomy.ts';

/** A taxonomy of three skills, SQL the parent of PostgreSQL, so the rules are tested apart from the shipped data. */
function fakeTaxonomy(): Taxonomy {
  const skill = (name: string, aliases: string[] = []) =>
    ({
      name,
      slug: name.toLowerCase(),
      category: 'technical',
      aliases,
      fields: ['software'],
      areas: [],
    }) as unknown as TaxonomySkill;
  const sql = skill('SQL');
  const postgres = skill('PostgreSQL', ['Postgres']);
  const js = skill('JavaScript', ['JS']);
  const byName = new Map([sql, postgres, js].flatMap((s) => [s.name, ...s.aliases].map((n) => [n.toLowerCase(), s])));
  return {
    resolve: (name: string) => byName.get(name.toLowerCase()),
    broaderOf: (s: TaxonomySkill) => (s === postgres ? [sql] : []),
  } as unknown as Taxonomy;
}

const task = (title: string, description = '', source: string | null = null): PlannedTaskView => ({
  title,
  description,
  source,
  requiredSkills: [],
  supportingSkills: [],
  requiredExperienceLevel: null,
  estimatedHours: null,
});

describe('eval: skill matching rules', () => {
  const matcher = new SkillLabelMatcher(fakeTaxonomy());

  test('names compare without case, spacing, punctuation, and with "&" as "and"', () => {
    assert.equal(normaliseSkillName('Backup & Disaster-Recovery'), normaliseSkillName('backup and disaster recovery'));
    assert.notEqual(normaliseSkillName('C++'), normaliseSkillName('C'));
  });

  test('a prediction matches by name, by alias, through the taxonomy, or as a narrower skill, never broader', () => {
    assert.ok(matcher.matches('wound care', { name: 'Wound Care', aliases: [] }));
    assert.ok(matcher.matches('Wound Management', { name: 'Wound Care', aliases: ['Wound Management'] }));
    assert.ok(matcher.matches('JS', { name: 'JavaScript', aliases: [] }));
    assert.ok(matcher.matches('Postgres', { name: 'SQL', aliases: [] }));
    assert.ok(!matcher.matches('SQL', { name: 'PostgreSQL', aliases: [] }));
    assert.ok(!matcher.same('Postgres', { name: 'SQL', aliases: [] }), 'a ruled-out skill is matched without narrower');
    assert.ok(!matcher.matches('Python', { name: 'JavaScript', aliases: [] }));
  });

  test('recall counts labels found, precision counts predictions that match a label', () => {
    const score = scoreSkills(
      matcher,
      ['JS', 'Postgres', 'Cooking'],
      [
        { name: 'JavaScript', aliases: [] },
        { name: 'SQL', aliases: [] },
        { name: 'Welding', aliases: [] },
      ],
    );
    assert.deepEqual([score.labelsMatched, score.labels, score.predictedMatching, score.predicted], [2, 3, 2, 3]);
    assert.deepEqual(score.missed, ['Welding']);
    assert.deepEqual(score.extra, ['Cooking']);
  });
});

describe('eval: grounding', () => {
  const piece = { text: 'ABC analysis of order lines', keywords: ['order lines', 'ABC analysis', 'pick frequency'] };

  test('a task covers a piece when half of its keywords occur in it by stem, source included', () => {
    assert.equal(coveredPieces([piece], [task('Analyse the ordered lines', 'An ABC analysis of SKUs.')]).length, 1);
    assert.equal(
      coveredPieces([piece], [task('Classify SKUs', '', 'classify SKUs by pick frequency (ABC analysis)')]).length,
      1,
    );
  });

  test('one keyword of three, or keywords spread over two tasks, do not cover it', () => {
    assert.equal(coveredPieces([piece], [task('Review order lines')]).length, 0);
    assert.equal(coveredPieces([piece], [task('Review order lines'), task('ABC analysis')]).length, 0);
  });
});

describe('eval: the brief development set', () => {
  const dir = path.join(import.meta.dirname, '../../eval/briefs');
  const labels = readBriefLabels(dir);

  test('every brief is labelled consistently with its text', () => {
    assert.deepEqual(briefLabelProblems(dir, labels), []);
  });

  test('holds at least 50 briefs in 20 domains, with community, team and rejected ones', () => {
    assert.ok(labels.length >= 50);
    assert.ok(new Set(labels.map((label) => label.domain)).size >= 20);
    for (const routing of ['community', 'team', 'rejected'] as const) {
      assert.ok(labels.filter((label) => label.routing === routing).length >= 10, routing);
    }
  });
});
