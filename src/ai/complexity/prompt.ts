import { COMMUNITY_RULE, ROUTING_REASONING_RULE, TEAM_RULE } from '../brief/routing-rules.ts';
import { DATA_BLOCK_RULE, dataBlock } from '../prompt-data.ts';
import type { StagePrompt } from '../stage.ts';
import type { ComplexityInput } from './schema.ts';

const SYSTEM = [
  'You assess how complex a challenge posted on Guild is, so that it is taken on the right way: open questions and',
  'small pieces of work go to a community discussion where contributors propose and vote on ideas; larger efforts',
  'are planned as team work with workstreams and tasks.',
  '',
  COMMUNITY_RULE,
  TEAM_RULE,
  'Judge the scope from the brief: how many kinds of work it needs, how many components must be built and',
  'integrated, how many deliverables it asks for, and whether it asks for ideas or for a finished result.',
  ROUTING_REASONING_RULE,
  'Answer with JSON that matches the schema you are given; its field descriptions are part of these instructions.',
  DATA_BLOCK_RULE,
].join('\n');

export function complexityPrompt(input: ComplexityInput): StagePrompt {
  const objectives = input.objectives.map((objective) => `- ${objective}`).join('\n') || '(none stated)';
  return {
    system: SYSTEM,
    user: [
      dataBlock('TITLE', input.title.trim()),
      dataBlock('FIELD', input.field),
      dataBlock('BRIEF', input.description.trim()),
      dataBlock('REFINED_BRIEF', input.refined_brief.trim()),
      dataBlock('OBJECTIVES', objectives),
    ].join('\n\n'),
  };
}
