import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { type BriefAnalysis, briefStage } from '../../src/ai/brief/index.ts';
import { briefFixture, briefFixtures, localContext } from './analysis-fixtures.ts';

const analyse = (title: string, description: string) => briefStage.local({ title, description }, localContext);
const fixtures = briefFixtures();
const analysed = new Map<string, BriefAnalysis>();
for (const fixture of fixtures) analysed.set(fixture.name, await analyse(fixture.title, fixture.description));
const resultFor = (name: string) => analysed.get(name)!;

const UNWORKABLE_KINDS = ['spam', 'unreadable'];
const WORKABLE_KINDS = ['software', 'data', 'design', 'marketing', 'operations', 'research', 'education'];

describe('brief analysis offline', () => {
  test('the fixture set has at least 15 briefs of every kind', () => {
    assert.ok(fixtures.length >= 15);
    for (const kind of [...WORKABLE_KINDS, 'sustainability', 'community', 'vague', 'spam', 'unreadable']) {
      assert.ok(
        fixtures.some((fixture) => fixture.kind === kind),
        kind,
      );
    }
  });

  test('every answer fits the stage schema and is the same when asked again', async () => {
    for (const fixture of fixtures) {
      const output = resultFor(fixture.name);
      assert.ok(
        Value.Check(briefStage.schema, output),
        `${fixture.name}: ${[...Value.Errors(briefStage.schema, output)][0]?.message}`,
      );
      assert.deepEqual(await analyse(fixture.title, fixture.description), output, fixture.name);
      assert.ok(localContext.taxonomy.fields.includes(output.field), `${fixture.name}: field ${output.field}`);
    }
  });

  test('spam and unreadable briefs are rejected with a reason, and nothing is extracted from them', () => {
    for (const fixture of fixtures.filter((f) => UNWORKABLE_KINDS.includes(f.kind))) {
      const output = resultFor(fixture.name);
      assert.equal(output.workable, false, fixture.name);
      assert.match(output.rejection_reason ?? '', /^[A-Z].*\.$/, fixture.name);
      assert.deepEqual([output.objectives, output.constraints, output.stakeholders], [[], [], []]);
      assert.equal(output.score, 1);
    }
    assert.match(resultFor('spam-seo-services').rejection_reason!, /advertising.*links to outside websites/);
    assert.match(resultFor('unreadable-keyboard-mash').rejection_reason!, /not readable/);
  });

  test('real briefs are workable, with objectives, and no rejection reason', () => {
    for (const fixture of fixtures.filter((f) => [...WORKABLE_KINDS, 'sustainability', 'community'].includes(f.kind))) {
      const output = resultFor(fixture.name);
      assert.equal(output.workable, true, fixture.name);
      assert.equal(output.rejection_reason, null);
      assert.ok(output.objectives.length > 0, `${fixture.name} has no objective`);
    }
  });

  test('the field is the one the brief is plainly about', () => {
    const expected: Record<string, string> = {
      'software-food-bank-delivery-app': 'software',
      'software-volunteer-portal-react': 'software',
      'data-donation-dashboard': 'data',
      'data-demand-forecasting': 'data',
      'marketing-youth-volunteer-campaign': 'marketing',
      'marketing-seo-website-content': 'marketing',
      'operations-warehouse-stock-process': 'operations',
      'research-impact-evaluation': 'research',
      'education-digital-skills-course': 'education',
      'sustainability-carbon-footprint': 'sustainability',
    };
    for (const [name, field] of Object.entries(expected)) assert.equal(resultFor(name).field, field, name);
  });

  test('reads objectives, constraints, success criteria, stakeholders and risks from the wording', () => {
    const output = resultFor('software-food-bank-delivery-app');
    assert.ok(
      output.objectives.some((o) => o.startsWith('A mobile app for our volunteer drivers')),
      'restated goal',
    );
    assert.ok(output.constraints.some((c) => /patchy mobile signal/.test(c)));
    assert.ok(output.constraints.some((c) => /UK GDPR/.test(c)));
    assert.ok(
      output.constraints.some((c) => /by 1 September 2026/.test(c)),
      'a dated goal is also a constraint',
    );
    assert.ok(output.success_criteria.some((c) => /drop by 30%/.test(c)));
    assert.ok(output.stakeholders.includes('Volunteer drivers'));
    assert.ok(output.stakeholders.includes('Coordinators'));
    assert.ok(output.risks.some((r) => /Personal data/.test(r)));
    assert.ok(output.risks.some((r) => /deadline/.test(r)));
    assert.match(output.refined_brief, /Objectives:\n- A mobile app/);
    assert.match(output.refined_brief, /Success criteria:\n- /);
  });

  test("items under a heading take the heading's kind", () => {
    const output = resultFor('software-volunteer-portal-react');
    assert.ok(output.objectives.some((o) => o.startsWith('Build a web portal')));
    assert.deepEqual(output.success_criteria, [
      'Every shift for a month is booked through the portal.',
      'Coordinators no longer edit the spreadsheet.',
    ]);
  });

  test('states the risks the brief names', () => {
    assert.ok(resultFor('operations-fundraising-gala').risks.some((r) => /depending on a few large sponsors/.test(r)));
  });

  test('a detailed brief scores higher than a vague one', () => {
    const detailed = resultFor('software-food-bank-delivery-app').score;
    for (const fixture of fixtures.filter((f) => f.kind === 'vague')) {
      assert.ok(resultFor(fixture.name).score < detailed - 4, fixture.name);
    }
  });

  test('a brief with too little to act on is rejected, saying what to add', async () => {
    const output = await analyse('Help', 'We need some help with a few things at our place, please get in touch soon.');
    assert.equal(output.workable, false);
    assert.match(output.rejection_reason!, /too short/);
  });

  test('a vague brief is rejected or has a low score', () => {
    for (const fixture of fixtures.filter((f) => f.kind === 'vague')) {
      const output = resultFor(fixture.name);
      assert.ok(!output.workable || output.score <= 3, fixture.name);
    }
  });

  test('the prompt gives the model the title and the brief', () => {
    const fixture = briefFixture('data-donation-dashboard');
    const prompt = briefStage.prompt({ title: fixture.title, description: fixture.description });
    assert.ok(prompt.user.includes(fixture.title) && prompt.user.includes(fixture.description));
    assert.match(prompt.system, /workable/);
  });
});
