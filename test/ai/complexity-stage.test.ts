import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { briefStage } from '../../src/ai/brief/index.ts';
import { COMMUNITY_RULE, ROUTING_REASONING_RULE, TEAM_RULE } from '../../src/ai/brief/routing-rules.ts';
import { type ComplexityInput, complexityStage } from '../../src/ai/complexity/index.ts';
import { briefFixtures, localContext, type TextFixture } from './analysis-fixtures.ts';

/** The complexity stage's input as the chain builds it: the brief plus what its analysis found. */
async function inputFor(fixture: TextFixture): Promise<ComplexityInput | null> {
  const brief = await briefStage.local(fixture, localContext);
  if (!brief.workable) return null;
  return { ...fixture, refined_brief: brief.refined_brief, field: brief.field, objectives: brief.objectives };
}

const assess = (input: ComplexityInput) => complexityStage.local(input, localContext);

const assessed = new Map<string, { input: ComplexityInput | null; level: number | null; reasoning: string }>();
for (const fixture of briefFixtures()) {
  const input = await inputFor(fixture);
  const output = input ? await assess(input) : null;
  assessed.set(fixture.name, {
    input,
    level: output?.complexity_level ?? null,
    reasoning: output?.reasoning ?? '',
  });
}
const reasoningOf = (name: string) => assessed.get(name)!.reasoning;

/** Kinds of fixture that commission work: each lays out deliverables, a scope or several components. */
const TEAM_KINDS = ['software', 'data', 'design', 'marketing', 'operations', 'research', 'education', 'sustainability'];

/** TypeBox keeps a field's description on the schema object, though its types do not declare it. */
const descriptionOf = (schema: object) => (schema as { description?: string }).description ?? '';

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

  test('every brief that commissions work is team execution, every open call a community discussion', () => {
    for (const [name, { level }] of assessed) {
      const kind = name.split('-')[0];
      if (TEAM_KINDS.includes(kind)) assert.ok(level !== null && level >= 3, `${name}: level ${level}`);
      if (kind === 'community') assert.ok(level !== null && level <= 2, `${name}: level ${level}`);
    }
  });

  test('the reasoning says what made it a community discussion', () => {
    assert.match(reasoningOf('community-name-for-repair-cafe'), /^The brief asks for name ideas/);
    assert.match(reasoningOf('community-dog-walking-club-name'), /asks for name ideas/);
    assert.match(reasoningOf('community-slogan-river-cleanup'), /asks for a slogan or tagline/);
    assert.match(reasoningOf('community-feedback-tool-library-concept'), /asks for feedback on a concept/);
    assert.match(
      reasoningOf('community-how-might-we-isolated-residents'),
      /asks an open question \("How might we reach isolated older residents\?"\)/,
    );
    assert.match(reasoningOf('community-four-day-week-exploration'), /is still exploring/);
    assert.match(reasoningOf('community-newsletter-rename'), /asks for name ideas/);
    assert.match(
      reasoningOf('community-toddler-group-charging'),
      /asks an open question \("Should we charge for our toddler group\?"\)/,
    );
    assert.match(reasoningOf('community-tagline-farm-shop'), /lays out no phases, deliverables, deadline or budget/);
    for (const [name, { level, reasoning }] of assessed) {
      if (level !== null && level <= 2) assert.match(reasoning, /community discussion\.$/, name);
    }
  });

  test('the reasoning says what made it team work', () => {
    assert.match(
      reasoningOf('operations-dental-clinic-relocation'),
      /^The brief lays out three phases, lists three pieces of work, sets a deadline and gives a budget\./,
    );
    assert.match(reasoningOf('education-teacher-phonics-training'), /lists three pieces of work and sets a deadline/);
    assert.match(reasoningOf('operations-charity-ball'), /lists \w+ pieces of work and gives a budget/);
    assert.match(reasoningOf('operations-supplier-contract-review'), /lists four pieces of work and sets a deadline/);
    assert.match(
      reasoningOf('design-museum-firearms-gallery'),
      /lists three pieces of work, sets a deadline and gives a budget/,
    );
    for (const [name, { level, reasoning }] of assessed) {
      if (level !== null && level >= 3) assert.match(reasoning, /team execution\.$/, name);
    }
  });

  test('a team brief that also welcomes ideas stays team work; an open call with a date stays a discussion', async () => {
    const dental = assessed.get('operations-dental-clinic-relocation')!.input!;
    const welcoming = await assess({
      ...dental,
      description: `${dental.description}\n\nIdeas are welcome on how to keep patients informed during the move.`,
    });
    assert.ok(welcoming.complexity_level >= 3);
    assert.match(welcoming.reasoning, /It also asks for ideas and suggestions, but the work itself is set out\./);

    const fair = await assess({
      title: 'A name for our summer fair',
      description: 'Our fair is on 12 July on the village green. Suggestions for a name?',
      refined_brief: '',
      field: 'general',
      objectives: [],
    });
    assert.equal(fair.challenge_type, 'community_discussion');
  });

  test('a short brief of one small piece of work is a community ask, the same brief in phases is team work', async () => {
    const small = {
      title: 'Volunteer rota',
      description: 'We need a simple shared rota for the 12 volunteers of our soup kitchen.',
      refined_brief: '',
      field: 'operations',
      objectives: ['A simple shared rota for the 12 volunteers of our soup kitchen.'],
    };
    const phased = {
      ...small,
      description:
        `${small.description}\n\nPhase 1 (by 1 March): interview the volunteers about their availability.\n` +
        'Phase 2: set up the rota in a shared spreadsheet and a reminder text.\n' +
        'Phase 3: review after a month. Budget: £500.',
    };
    assert.equal((await assess(small)).challenge_type, 'community_discussion');
    const output = await assess(phased);
    assert.equal(output.challenge_type, 'team_execution');
    assert.match(output.reasoning, /lays out three phases/);
  });

  test('the prompt and the schema give a model the same routing rules as the offline assessment', () => {
    const prompt = complexityStage.prompt({
      title: 'T',
      description: 'D',
      refined_brief: 'R',
      field: 'general',
      objectives: [],
    });
    const { complexity_level, reasoning } = complexityStage.schema.properties;
    for (const rule of [COMMUNITY_RULE, TEAM_RULE, ROUTING_REASONING_RULE]) assert.ok(prompt.system.includes(rule));
    for (const rule of [COMMUNITY_RULE, TEAM_RULE]) assert.ok(descriptionOf(complexity_level).includes(rule));
    assert.ok(descriptionOf(reasoning).includes(ROUTING_REASONING_RULE));
  });
});
