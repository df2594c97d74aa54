import type { StagePrompt } from '../stage.ts';
import type { IdeaInput } from './schema.ts';

const SYSTEM = [
  'You review ideas that contributors submit to community challenges on Guild. Score each idea for feasibility,',
  'innovation, impact and alignment with the challenge, and write short, specific, kind feedback to its author:',
  'what is good, what holds it back, and how to improve it.',
  '',
  'Mark an idea as spam when it is advertising, links to sell something, is unreadable, or has nothing to do with',
  'the challenge; then give the reason in one plain sentence and an ai_score of 0.',
  'Answer with JSON that matches the schema you are given; its field descriptions are part of these instructions.',
].join('\n');

export function ideaPrompt(input: IdeaInput): StagePrompt {
  const { challenge, idea } = input;
  const refined = challenge.refined_brief ? `\n\nRefined brief:\n${challenge.refined_brief.trim()}` : '';
  return {
    system: SYSTEM,
    user:
      `Challenge: ${challenge.title.trim()}\n\n${challenge.description.trim()}${refined}\n\n` +
      `Idea: ${idea.title.trim()}\n\n${idea.description.trim()}`,
  };
}
