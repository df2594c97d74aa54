import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { briefStage } from '../../src/ai/brief/index.ts';
import { complexityStage } from '../../src/ai/complexity/index.ts';
import { asksForADoer, readTeamStructure } from '../../src/ai/complexity/routing-signals.ts';
import { parseText } from '../../src/ai/taxonomy/text-parser.ts';
import { localContext } from './analysis-fixtures.ts';

/**
 * The border between a community discussion, team execution and a rejection, read as the company means it: what the
 * crowd is asked to give (views, or work done) and whether anything is asked at all. Domains the eval does not use.
 */
const analyse = (title: string, description: string) => briefStage.local({ title, description }, localContext);

/** The brief stage, then the complexity stage on what it found, as the chain runs them; null when rejected. */
async function route(title: string, description: string) {
  const brief = await analyse(title, description);
  if (!brief.workable) return null;
  return complexityStage.local(
    { title, description, refined_brief: brief.refined_brief, field: brief.field, objectives: brief.objectives },
    localContext,
  );
}

const questionTokens = (sentence: string) => parseText(sentence).tokens;

describe('a question that asks a doer for work', () => {
  test('asks for work when a doer is asked to do something, not to give a view', () => {
    for (const sentence of [
      'Can anyone digitise our parish registers?',
      'Could someone re-point the garden wall?',
      'Would somebody proofread our annual report?',
      'Who can service the minibus tail lift?',
    ]) {
      assert.ok(asksForADoer(questionTokens(sentence)), sentence);
    }
    for (const sentence of [
      'Would you use a late bus on Sundays?',
      'Could anyone recommend a good sign writer?',
      'Could someone explain how the council tax bands work?',
      'Can you tell us what you think of the logo?',
      'Would you be interested in a repair morning?',
      'Who would come to a quiz night?',
      'Can anyone digitise our parish registers.',
    ]) {
      assert.ok(!asksForADoer(questionTokens(sentence)), sentence);
    }
  });

  test('is not an open question, and the pieces it names count as work', async () => {
    const output = await route(
      'Who can look at our chapel organ?',
      'The organ in our chapel has two dead notes and a cipher. Who can tune the reeds, fix the dead notes and give ' +
        'us a written report on the bellows?',
    );
    assert.ok(output !== null);
    assert.ok(output.complexity_level >= 3, output.reasoning);
    assert.doesNotMatch(output.reasoning, /open question/);
  });
});

describe('work set out with nothing asked of the crowd', () => {
  test('a bare list of jobs is team execution, and the reason says no views were asked', async () => {
    const output = await route(
      'Bike shop – jobs',
      '- a stand for the window that holds four bikes\n- a price board for servicing\n- online booking for repairs\n' +
        '- a leaflet for the cycling club',
    );
    assert.ok(output !== null);
    assert.ok(output.complexity_level >= 3, output.reasoning);
    assert.match(output.reasoning, /It asks for no ideas or views: it wants the work done\./);
  });

  test('the same kind of list put to the crowd as a choice stays a discussion', async () => {
    const output = await route(
      'What should the bowls club spend its grant on?',
      'We have narrowed it down to three:\n- new benches along the green\n- a shelter for the scorers\n' +
        '- a defibrillator by the clubhouse\nWhich would you pick, and why?',
    );
    assert.ok(output !== null);
    assert.ok(output.complexity_level <= 2, output.reasoning);
  });

  test('an informal note that needs someone is workable, and its pieces are work', async () => {
    const title = 'panto help';
    const description =
      'need someone to build two flats for the castle scene, paint the backcloth, and rig four lanterns over the ' +
      'stage before the dress rehearsal. we can pay a bit.';
    const brief = await analyse(title, description);
    assert.ok(brief.workable, brief.rejection_reason ?? '');
    const output = await route(title, description);
    assert.ok(output !== null && output.complexity_level >= 3, output?.reasoning);
  });

  test('what the work means, spelled out, counts its pieces; wanting to know does not', () => {
    const spelled =
      'The brewery needs its cellar reset. That means draining the lines, cleaning the couplers, and ' +
      'relabelling every keg.';
    assert.ok(readTeamStructure(spelled, parseText(spelled)).listedPieces >= 3);
    const covered = 'It should cover the fire exits, how to lift residents safely, and what to do after a fall.';
    assert.ok(readTeamStructure(covered, parseText(covered)).listedPieces >= 3);
    const known = 'We would like to know who uses the car park, when they arrive, and how long they stay.';
    assert.equal(readTeamStructure(known, parseText(known)).listedPieces, 0);
    const restated = 'Know who uses the car park, when they arrive, and how long they stay.';
    assert.equal(readTeamStructure(restated, parseText(restated)).listedPieces, 0);
  });
});

describe('posts that ask for nothing', () => {
  test('search keywords strung together are advertising, with the reason', async () => {
    const output = await analyse(
      'locksmith bristol cheap locksmith bristol',
      'locksmith bristol, emergency locksmith bristol, cheap locksmith clifton, 24 hour locksmith bristol, upvc door ' +
        'lock repair bristol, locksmith near me bristol, lock change bristol, locksmith bedminster, locksmith ' +
        'redland locksmith bristol',
    );
    assert.equal(output.workable, false);
    assert.match(output.rejection_reason ?? '', /strings search keywords together instead of sentences/);
  });

  test('a web address written without its scheme counts as a link, and one in an honest brief is no bar', async () => {
    const output = await analyse(
      'Photos for our garden centre website',
      'We need product photos of about 120 plants for our shop at greenacre-plants.example.co.uk, shot on a white ' +
        'background, cropped square, and named by product code, before the spring catalogue goes out in March.',
    );
    assert.ok(output.workable, output.rejection_reason ?? '');
  });

  test('a test post is turned away, but work that mentions placeholder text is not', async () => {
    const test = await analyse('hello', 'test post please ignore');
    assert.equal(test.workable, false);
    assert.match(test.rejection_reason ?? '', /test or placeholder text \("test post"\)/);
    const work = await analyse(
      'Copy for our new website',
      'Replace the lorem ipsum on our home, about and contact pages with real copy about our dog-grooming salon.',
    );
    assert.ok(work.workable, work.rejection_reason ?? '');
  });

  test('a job advert that sends applicants elsewhere is turned away, with the sentences that show it', async () => {
    const output = await analyse(
      'Parcel sorters wanted – £20/hour',
      'We are hiring parcel sorters, no experience needed, weekly pay. Do not reply here: text our manager on ' +
        'WhatsApp to start tomorrow.',
    );
    assert.equal(output.workable, false);
    assert.match(output.rejection_reason ?? '', /^The brief is a job advert, not a challenge/);
    assert.match(output.rejection_reason ?? '', /"Do not reply here: text our manager on WhatsApp/);
  });

  test('a business that takes orders on a messaging app and needs work done is not a job advert', async () => {
    const output = await analyse(
      'Online shop for our bakery',
      'We take cake orders on WhatsApp and lose track of them. We need a simple online shop where customers pick a ' +
        'cake, a date and pay a deposit, and an order list we can print each morning. We work from home.',
    );
    assert.ok(output.workable, output.rejection_reason ?? '');
  });
});
