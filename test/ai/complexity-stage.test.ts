import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { briefStage } from '../../src/ai/brief/index.ts';
import { type ComplexityInput, complexityStage } from '../../src/ai/complexity/index.ts';
import { briefFixtures, localContext, type TextFixture } from './analysis-fixtures.ts';

/** The complexity stage's input as the chain builds it: the brief plus what its analysis found. */
async function inputFor(fixture: TextFixture): Promise<ComplexityInput | null> {
  const brief = await briefStage.local(fixture, localContext);
  if (!brief.workable) return null;
  return { ...fixture, refined_brief: brief.refined_brief, field: brief.field, objectives: brief.objectives };
}

const assess = (input: ComplexityInput) => complexityStage.local(input, localContext);

const assessed = new Map<string, { input: ComplexityInput | null; level: number | null }>();
for (const fixture of briefFixtures()) {
  const input = await inputFor(fixture);
  assessed.set(fixture.name, { input, level: input ? (await assess(input)).complexity_level : null });
}

describe('complexity offline', () => {
  test('every answer fits the stage schema, is consistent and is the same when asked again', async () => {
    for (const [name, { input }] of assessed) {
      if (!input) continue;
      const output = await assess(input);
      assert.ok(Value.Check(complexityStage.schema, output), name);
      assert.equal(output.challenge_type, output.complexity_level <= 2 ? 'community_discussion' : 'team_execution');
      assert.deepEqual(await assess(input), output, name);
    }
  });

  test('a vague brief is not workable or goes to community discussion', () => {
    for (const [name, { level }] of assessed) {
      if (name.startsWith('vague-')) assert.ok(level === null || level <= 2, `${name}: level ${level}`);
    }
  });

  test('a brief asking for ideas goes to community discussion', () => {
    for (const [name, { level }] of assessed)
      if (name.startsWith('community-')) assert.ok(level !== null && level <= 2, name);
  });

  test('a brief with several components to build is team work at level 3 or 4', () => {
    for (const name of [
      'software-food-bank-delivery-app',
      'software-clinic-booking-system',
      'software-volunteer-portal-react',
      'data-donation-dashboard',
    ]) {
      assert.ok((assessed.get(name)?.level ?? 0) >= 3, name);
    }
  });

  test('names the kinds of work and the components it found', async () => {
    const output = await assess(assessed.get('software-food-bank-delivery-app')!.input!);
    assert.equal(output.complexity_level, 4);
    for (const area of ['Mobile apps', 'Databases & data modelling'])
      assert.ok(output.skill_areas.includes(area), area);
    assert.match(output.reasoning, /mobile app/);
    assert.match(output.reasoning, /database/);
  });

  test('more scope means a higher level: a single poster against a full app build', async () => {
    const poster = await assess({
      title: 'Poster for our open day',
      description:
        'We need one A3 poster for our open day on 14 June, to put up in the library and local shops. It should ' +
        'show the date, the time and what visitors can do on the day.',
      refined_brief: '',
      field: 'design',
      objectives: ['One A3 poster for our open day.'],
    });
    const app = assessed.get('software-food-bank-delivery-app')!.level!;
    assert.ok(poster.complexity_level <= 2, `poster at level ${poster.complexity_level}`);
    assert.ok(poster.complexity_level < app);
  });
});
