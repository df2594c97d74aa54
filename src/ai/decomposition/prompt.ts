import { DATA_BLOCK_RULE, dataBlock } from '../prompt-data.ts';
import type { StagePrompt } from '../stage.ts';
import type { DecompositionInput } from './schema.ts';

const SYSTEM = [
  'You plan challenges posted on Guild, where volunteers with professional skills take on tasks for companies and',
  'charities. Split the challenge into 2 to 5 workstreams of 2 to 8 tasks each; one contributor completes a task in',
  '4 to 40 hours.',
  '',
  'Ground every task in the brief. Read its structure first: headings, numbered and bulleted lists, phases, stages,',
  'milestones and deliverables, and sentences that say what "we need", "must", "should" or "will" be done.',
  "Workstreams follow the brief's phases or sections (without any, group its pieces by kind of work); tasks follow",
  "its items. Each task's title is a short imperative made from the brief's own words, its description uses the",
  "brief's words with the context needed, and its source is the excerpt of the brief it comes from, copied word for",
  'word. Plan no task for work the brief did not ask for, no task twice, and one action per task. When the brief',
  'lays out fewer than four pieces, split its pieces along their own clauses rather than adding work.',
  '',
  'Required skills: those the source names and those the work clearly needs, by their canonical names in a skills',
  'taxonomy ("JavaScript", not "JS"); a practice, method or certification the taxonomy lacks ("desk-based',
  'assessment") in the brief\'s own words, copied as it writes them; each with a one-line reason. Estimate hours',
  "from the scale, budget and deadline the brief gives. Acceptance criteria include the brief's conditions and",
  'success criteria the task serves.',
  'Answer with JSON that matches the schema you are given; its field descriptions are part of these instructions.',
  DATA_BLOCK_RULE,
].join('\n');

export function decompositionPrompt(input: DecompositionInput): StagePrompt {
  const objectives = input.objectives.map((objective) => `- ${objective}`).join('\n') || '(none stated)';
  return {
    system: SYSTEM,
    user: [
      `Complexity level: ${input.complexity_level} of 4.`,
      dataBlock('TITLE', input.title.trim()),
      dataBlock('FIELD', input.field),
      "The brief (copy each task's source from inside this block):",
      dataBlock('BRIEF', input.description.trim()),
      'The refined brief (for context only):',
      dataBlock('REFINED_BRIEF', input.refined_brief.trim()),
      dataBlock('OBJECTIVES', objectives),
    ].join('\n\n'),
  };
}
