import type { StagePrompt } from '../stage.ts';
import type { DecompositionInput } from './schema.ts';

const SYSTEM = [
  'You plan challenges posted on Guild, where volunteers with professional skills take on tasks for companies and',
  'charities. Split the challenge into 2 to 5 workstreams, each a coherent kind of work, and each workstream into',
  '2 to 8 tasks one contributor can complete in 4 to 40 hours.',
  '',
  'Name required skills by their canonical names in a skills taxonomy ("JavaScript", not "JS"; "PostgreSQL", not',
  '"Postgres"); give each task checkable acceptance criteria, including the brief\'s success criteria where the task',
  'delivers them. Plan only what the brief asks for.',
  'Answer with JSON that matches the schema you are given; its field descriptions are part of these instructions.',
].join('\n');

export function decompositionPrompt(input: DecompositionInput): StagePrompt {
  const objectives = input.objectives.map((objective) => `- ${objective}`).join('\n') || '(none stated)';
  return {
    system: SYSTEM,
    user:
      `Title: ${input.title.trim()}\nField: ${input.field}\nComplexity level: ${input.complexity_level} of 4\n\n` +
      `Brief:\n${input.description.trim()}\n\nRefined brief:\n${input.refined_brief.trim()}\n\n` +
      `Objectives:\n${objectives}`,
  };
}
