import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { briefStage } from '../../src/ai/brief/index.ts';
import { type Decomposition, type DecompositionInput, decompositionStage } from '../../src/ai/decomposition/index.ts';
import { briefFixture, briefFixtures, localContext, type TextFixture } from './analysis-fixtures.ts';

const { taxonomy } = localContext;

async function inputFor(fixture: TextFixture, level: number): Promise<DecompositionInput> {
  const brief = await briefStage.local(fixture, localContext);
  return {
    title: fixture.title,
    description: fixture.description,
    refined_brief: brief.refined_brief,
    field: brief.field,
    complexity_level: level,
    objectives: brief.objectives,
  };
}

const decompose = async (input: DecompositionInput) => decompositionStage.local(input, localContext);
const tasksOf = (plan: Decomposition) => plan.workstreams.flatMap((workstream) => workstream.tasks);
const skillsOf = (plan: Decomposition) => new Set(tasksOf(plan).flatMap((task) => task.required_skills));
const needsOneOf = (plan: Decomposition, names: string[]) => names.some((name) => skillsOf(plan).has(name));

const MOBILE = ['React Native', 'Swift', 'Kotlin', 'Flutter', 'iOS development', 'Android development'];
const API = ['REST API design', 'Node.js', 'GraphQL', 'Python', 'Django', 'Express.js'];
const DATABASE = ['PostgreSQL', 'Data modelling', 'MySQL', 'SQL'];

describe('decomposition offline', () => {
  test('a brief naming a mobile app, an API and a database gets tasks needing those skills', async () => {
    const plan = await decompose(await inputFor(briefFixture('software-food-bank-delivery-app'), 4));
    assert.ok(needsOneOf(plan, MOBILE), 'mobile skills');
    assert.ok(needsOneOf(plan, API), 'API skills');
    assert.ok(needsOneOf(plan, DATABASE), 'database skills');
    const titles = plan.workstreams.map((workstream) => workstream.title);
    for (const title of ['Mobile app', 'Backend & APIs', 'Data model & storage'])
      assert.ok(titles.includes(title), title);
  });

  test('the same holds for a short brief that names only the parts', async () => {
    const plan = await decompose({
      title: 'Lost pet finder',
      description:
        'We want a mobile app where people report lost and found pets with a photo and a location, an API that ' +
        'matches reports, and a database of every report so our volunteers can follow up.',
      refined_brief: '',
      field: 'software',
      complexity_level: 3,
      objectives: [],
    });
    assert.ok(needsOneOf(plan, MOBILE) && needsOneOf(plan, API) && needsOneOf(plan, DATABASE));
  });

  test('uses the technologies the brief names rather than its own defaults', async () => {
    const plan = await decompose(await inputFor(briefFixture('software-volunteer-portal-react'), 4));
    for (const name of ['React', 'Node.js', 'Express.js', 'PostgreSQL']) assert.ok(skillsOf(plan).has(name), name);
    const planned = await decompose(await inputFor(briefFixture('data-demand-forecasting'), 3));
    for (const name of ['Python', 'Pandas', 'scikit-learn']) assert.ok(skillsOf(planned).has(name), name);
  });

  test('work that is not software gets the skills of its own field', async () => {
    const gala = await decompose(await inputFor(briefFixture('operations-fundraising-gala'), 3));
    assert.ok(needsOneOf(gala, ['Event planning']) && needsOneOf(gala, ['Fundraising', 'Corporate sponsorship']));
    const rebrand = await decompose(await inputFor(briefFixture('design-charity-rebrand'), 3));
    assert.ok(needsOneOf(rebrand, ['Logo design', 'Brand identity']));
  });

  test("the brief's success criteria become acceptance criteria", async () => {
    const plan = await decompose(await inputFor(briefFixture('software-food-bank-delivery-app'), 4));
    const criteria = tasksOf(plan).flatMap((task) => task.acceptance_criteria);
    assert.ok(criteria.some((criterion) => /failed deliveries drop by 30%/.test(criterion)));
  });

  test('stays within the bounds for every brief at every level, names only taxonomy skills, and is repeatable', async () => {
    for (const fixture of briefFixtures().filter((f) => !['spam', 'unreadable'].includes(f.kind))) {
      for (const level of [1, 2, 3, 4]) {
        const input = await inputFor(fixture, level);
        const plan = await decompose(input);
        const where = `${fixture.name} at level ${level}`;
        assert.ok(
          Value.Check(decompositionStage.schema, plan),
          `${where}: ${[...Value.Errors(decompositionStage.schema, plan)][0]?.message}`,
        );
        for (const skill of skillsOf(plan)) assert.equal(taxonomy.resolve(skill)?.name, skill, `${where}: ${skill}`);
        const titles = tasksOf(plan).map((task) => task.title);
        assert.equal(new Set(titles).size, titles.length, `${where}: task titles repeat`);
        assert.deepEqual(await decompose(input), plan, where);
      }
    }
  });

  test('a bigger challenge gets more work: hours and tasks grow with the level', async () => {
    const fixture = briefFixture('software-clinic-booking-system');
    const [level3, level4] = [await decompose(await inputFor(fixture, 3)), await decompose(await inputFor(fixture, 4))];
    const hours = (plan: Decomposition) => tasksOf(plan).reduce((sum, task) => sum + task.estimated_hours, 0);
    assert.ok(hours(level4) > hours(level3));
    assert.ok(tasksOf(level4).length >= tasksOf(level3).length);
    assert.ok(tasksOf(level4).some((task) => ['senior', 'expert'].includes(task.required_experience_level)));
  });

  test('a brief that names a single kind of work still gets at least two workstreams', async () => {
    const plan = await decompose({
      title: 'Translate our leaflets',
      description: 'Please translate our four welcome leaflets into Arabic and Ukrainian for families new to the area.',
      refined_brief: '',
      field: 'communications',
      complexity_level: 3,
      objectives: [],
    });
    assert.ok(plan.workstreams.length >= 2);
    assert.equal(plan.workstreams[0].title, 'Translation & localisation');
    assert.ok(skillsOf(plan).has('Arabic') && skillsOf(plan).has('Ukrainian'));
  });
});
