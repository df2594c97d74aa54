import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { type IdeaInput, IdeaScoring, ideaScoringStage } from '../../src/ai/idea/index.ts';
import { ideaFixtures, localContext, type TextFixture } from './analysis-fixtures.ts';

type Scored = { idea: TextFixture; input: IdeaInput; output: IdeaScoring };

const groups: { challenge: TextFixture; scored: Scored[] }[] = [];
for (const { challenge, ideas } of ideaFixtures()) {
  const scored: Scored[] = [];
  for (const idea of ideas) {
    const input: IdeaInput = {
      challenge: { title: challenge.title, description: challenge.description, refined_brief: null },
      idea: { title: idea.title, description: idea.description },
    };
    scored.push({ idea, input, output: await ideaScoringStage.local(input, localContext) });
  }
  groups.push({ challenge, scored });
}
const all = groups.flatMap((group) => group.scored);
const ofKind = (kind: string, scored: Scored[] = all) => scored.filter((s) => s.idea.kind === kind);

describe('idea scoring offline', () => {
  test('the fixtures hold good, weak, spam and off-topic ideas', () => {
    for (const kind of ['good', 'weak', 'spam', 'offtopic']) assert.ok(ofKind(kind).length > 0, kind);
  });

  test('every answer fits the stage schema and is the same when asked again', async () => {
    for (const { idea, input, output } of all) {
      assert.ok(
        Value.Check(IdeaScoring, output),
        `${idea.name}: ${[...Value.Errors(IdeaScoring, output)][0]?.message}`,
      );
      assert.deepEqual(await ideaScoringStage.local(input, localContext), output, idea.name);
    }
  });

  test('advertising and off-topic text is spam, with a reason and a score of 0', () => {
    for (const { idea, output } of [...ofKind('spam'), ...ofKind('offtopic')]) {
      assert.equal(output.is_spam, true, idea.name);
      assert.match(output.spam_reason ?? '', /^The idea .*\.$/, idea.name);
      assert.equal(output.ai_score, 0, idea.name);
    }
    assert.match(ofKind('offtopic')[0].output.spam_reason!, /does not address the challenge/);
  });

  test('real ideas are not spam, even weak ones', () => {
    for (const { idea, output } of [...ofKind('good'), ...ofKind('weak')]) {
      assert.equal(output.is_spam, false, idea.name);
      assert.equal(output.spam_reason, null);
    }
  });

  test('every good idea scores above every weak idea for the same challenge', () => {
    for (const { challenge, scored } of groups) {
      const lowestGood = Math.min(...ofKind('good', scored).map((s) => s.output.ai_score));
      const highestWeak = Math.max(...ofKind('weak', scored).map((s) => s.output.ai_score));
      assert.ok(lowestGood > highestWeak, `${challenge.name}: good ${lowestGood}, weak ${highestWeak}`);
    }
  });

  test('alignment follows the terms an idea shares with its challenge', () => {
    for (const { scored } of groups) {
      for (const good of ofKind('good', scored)) {
        for (const offTopic of ofKind('offtopic', scored)) {
          assert.ok(good.output.scores.alignment > offTopic.output.scores.alignment + 30, good.idea.name);
        }
      }
    }
  });

  test('a concrete plan is more feasible than a grand promise', () => {
    const byName = (name: string) => all.find((s) => s.idea.name === name)!.output;
    assert.ok(
      byName('good-community-fridges').scores.feasibility > byName('weak-blockchain-app').scores.feasibility + 40,
    );
    assert.ok(byName('weak-blockchain-app').weaknesses.some((w) => /promises more/.test(w)));
  });

  test('feedback says what is good in good ideas and what to improve in weak ones', () => {
    for (const { idea, output } of ofKind('good')) assert.ok(output.strengths.length > 0, idea.name);
    for (const { idea, output } of ofKind('weak')) {
      assert.ok(output.weaknesses.length > 0 && output.suggestions.length > 0, idea.name);
    }
  });

  test('the prompt gives the model the challenge and the idea', () => {
    const { input } = all[0];
    const prompt = ideaScoringStage.prompt(input);
    for (const text of [input.challenge.title, input.idea.title, input.idea.description]) {
      assert.ok(prompt.user.includes(text));
    }
  });
});

describe('idea feedback is about the idea (issue 12, item 6)', () => {
  const criteria = 'Cost under £1,000\n- Run by local volunteers\nMeasurable results within a year';
  const feedbackOf = (name: string, judging: string | null = criteria) => {
    const { input } = all.find((s) => s.idea.name === name)!;
    return ideaScoringStage.local(
      { ...input, challenge: { ...input.challenge, judging_criteria: judging } },
      localContext,
    );
  };

  test('the summary assesses the idea and never repeats its sentences', async () => {
    for (const { idea, input } of [...ofKind('good'), ...ofKind('weak')]) {
      const { summary } = await feedbackOf(idea.name);
      const sentences = input.idea.description.split(/(?<=[.!?])\s+/).filter((s) => s.length > 30);
      for (const sentence of sentences) assert.ok(!summary.includes(sentence.slice(0, 40)), `${idea.name}: ${summary}`);
      assert.ok(!summary.startsWith(input.idea.title), idea.name);
      assert.match(summary, /answer (to|only loosely tied to) the brief/, idea.name);
    }
  });

  test('it names the judging criteria an idea meets and those it misses, and how', async () => {
    const fridges = await feedbackOf('good-community-fridges');
    assert.ok(fridges.strengths.includes('It addresses the judging criterion "Cost under £1,000" (cost).'));
    assert.ok(fridges.strengths.some((s) => /criterion "Run by local volunteers" \(.*volunteer/.test(s)));
    assert.ok(
      fridges.weaknesses.includes('It does not address the judging criterion "Measurable results within a year".'),
    );
    assert.ok(fridges.suggestions.includes('Say how the idea meets "Measurable results within a year".'));
    assert.match(fridges.summary, /meets 2 of the 3 judging criteria/);
    const vague = await feedbackOf('weak-tell-people');
    assert.match(vague.summary, /meets 0 of the 3 judging criteria/);
    const without = await feedbackOf('good-community-fridges', null);
    assert.ok(!without.summary.includes('judging criteria'));
  });

  test('it quotes the signs that an idea could be done, and says what is missing', async () => {
    const fridges = await feedbackOf('good-community-fridges');
    assert.ok(
      fridges.strengths.some((s) => /^Signs it could be done: .*"pilot".*"rota"/.test(s)),
      fridges.strengths.join('|'),
    );
    const vague = await feedbackOf('weak-tell-people');
    assert.ok(
      vague.weaknesses.includes(
        'It does not say what it would cost, nor a first step or timeline, nor who would run it, nor how its success would be measured.',
      ),
      vague.weaknesses.join('|'),
    );
    assert.match(vague.weaknesses.join(' '), /leaves out what the brief keeps returning to: .*household/);
    assert.match(vague.summary, /without a plan to start/);
  });
});
