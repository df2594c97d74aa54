import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { CvAnalysisSchema, cvStage } from '../../src/ai/cv/index.ts';
import { dataBlock } from '../../src/ai/prompt-data.ts';
import { LocalProvider } from '../../src/ai/providers/local-provider.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/** The CV stage as the pipeline runs it: its schema, its prompt, and its offline answer through the local provider. */
const cv = [
  'Ana Lima',
  'Backend Developer · ana.lima@example.com',
  'Experience',
  'Backend Developer, Rio Software Ltda',
  'Mar 2021 – present',
  'APIs in Python and PostgreSQL.',
  'Education',
  'BSc Computer Science, Universidade de São Paulo, 2020',
].join('\n');

/** Every property of an object schema, with its path, at any depth (array items included). */
function properties(schema: TSchema, at = ''): Array<[string, TSchema]> {
  const node = schema as { properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  const own = Object.entries(node.properties ?? {}).flatMap(
    ([name, child]): Array<[string, TSchema]> => [[`${at}${name}`, child], ...properties(child, `${at}${name}.`)],
  );
  const nested = [...(node.items ? [node.items] : []), ...(node.anyOf ?? [])].flatMap((child) => properties(child, at));
  return [...own, ...nested];
}

const describedIn = (schema: TSchema): boolean => {
  const node = schema as { description?: string; anyOf?: TSchema[] };
  return Boolean(node.description) || (node.anyOf ?? []).some(describedIn);
};

describe('CV stage', () => {
  it('describes every field of its schema, for the model that reads it', () => {
    const fields = properties(CvAnalysisSchema);
    assert.ok(fields.length >= 20);
    const undescribed = fields.filter(([, schema]) => !describedIn(schema)).map(([name]) => name);
    assert.deepEqual(undescribed, []);
  });

  it('asks the model with the CV marked as data and today as the meaning of "present"', () => {
    const prompt = cvStage.prompt({ text: cv, asOf: '2026-11-01' });
    assert.match(prompt.system, /never invent/);
    assert.match(prompt.user, /Today is 2026-11-01/);
    assert.ok(prompt.user.includes(dataBlock('CV', cv)));
  });

  it('sends at most 24,000 characters of a very long CV', () => {
    const prompt = cvStage.prompt({ text: 'x'.repeat(50_000), asOf: '2026-11-01' });
    assert.ok(prompt.user.length < 24_200);
  });

  it('answers offline through the local provider, in the schema’s shape', async () => {
    const provider = new LocalProvider({ taxonomy: loadTaxonomy() });
    const result = await provider.run(cvStage, { text: cv, asOf: '2026-11-01' });
    assert.equal(result.provider, 'local');
    assert.equal(result.model, null);
    assert.ok(Value.Check(CvAnalysisSchema, result.output));
    const skills = result.output.skills.map((skill) => skill.name);
    assert.ok(skills.includes('Python') && skills.includes('PostgreSQL'), skills.join(', '));
    assert.deepEqual(result.output.work_experience, [
      {
        job_title: 'Backend Developer',
        company: 'Rio Software Ltda',
        start_date: '2021-03',
        end_date: null,
        duration_years: 5.8,
      },
    ]);
    assert.equal(result.output.experience_level, 'senior');
  });

  it('counts "present" up to today when no date is given', async () => {
    const output = await cvStage.local({ text: cv }, { taxonomy: loadTaxonomy() });
    const today = new Date();
    const months = (today.getUTCFullYear() - 2021) * 12 + today.getUTCMonth() - 2 + 1;
    assert.equal(output.years_of_experience, Math.round((months / 12) * 10) / 10);
  });
});
