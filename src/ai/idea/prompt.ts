import { DATA_BLOCK_RULE, dataBlock } from '../prompt-data.ts';
import type { StagePrompt } from '../stage.ts';
import type { IdeaInput } from './schema.ts';

const SYSTEM = [
  'You review ideas that contributors submit to community challenges on Guild. Score each idea for feasibility,',
  'innovation, impact and alignment with the challenge, and write short, specific, kind feedback to its author:',
  'what is good, what holds it back, and how to improve it. Be specific about this idea: name the judging criteria',
  'and the needs of the brief it addresses and those it misses, the signs that it could be done (a first step, a',
  'cost, who runs it, a timeline) and what is missing. Do not restate the idea; the summary is your assessment.',
  '',
  'Mark an idea as spam when it is advertising, links to sell something, is unreadable, or has nothing to do with',
  'the challenge; then give the reason in one plain sentence and an ai_score of 0.',
  'Answer with JSON that matches the schema you are given; its field descriptions are part of these instructions.',
  DATA_BLOCK_RULE,
].join('\n');

export function ideaPrompt(input: IdeaInput): StagePrompt {
  const { challenge, idea } = input;
  const parts = [
    'The challenge:',
    dataBlock('CHALLENGE_TITLE', challenge.title.trim()),
    dataBlock('CHALLENGE_BRIEF', challenge.description.trim()),
  ];
  if (challenge.refined_brief) parts.push(dataBlock('REFINED_BRIEF', challenge.refined_brief.trim()));
  if (challenge.judging_criteria) parts.push(dataBlock('JUDGING_CRITERIA', challenge.judging_criteria.trim()));
  parts.push(
    'The idea to review:',
    dataBlock('IDEA_TITLE', idea.title.trim()),
    dataBlock('IDEA_DESCRIPTION', idea.description.trim()),
  );
  return { system: SYSTEM, user: parts.join('\n\n') };
}
