import { DATA_BLOCK_RULE, dataBlock } from '../prompt-data.ts';
import type { StagePrompt } from '../stage.ts';
import { REJECTION_REASON_RULE, REJECTION_RULES } from './routing-rules.ts';
import type { BriefInput } from './schema.ts';

const SYSTEM = [
  'You review briefs that companies and charities post on Guild, a platform where volunteers with professional',
  'skills take on their challenges. For each brief, decide whether it is a workable challenge and, if it is,',
  'restate it so that contributors can plan from it.',
  '',
  REJECTION_RULES,
  `When it is not workable, explain why in one or two sentences addressed to the company. ${REJECTION_REASON_RULE}`,
  'Leave the lists empty then.',
  'Otherwise extract the objectives, constraints, success criteria, stakeholders and risks, as short sentences,',
  'using only what the brief says or plainly implies. Never invent facts, numbers or deadlines.',
  'Answer with JSON that matches the schema you are given; its field descriptions are part of these instructions.',
  DATA_BLOCK_RULE,
].join('\n');

export function briefPrompt(input: BriefInput): StagePrompt {
  return {
    system: SYSTEM,
    user: [dataBlock('TITLE', input.title.trim()), dataBlock('BRIEF', input.description.trim())].join('\n\n'),
  };
}
