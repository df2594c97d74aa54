import { Type } from 'typebox';
import type { RetryDelays } from '../../src/ai/providers/structured-output.ts';
import type { AnalysisStage } from '../../src/ai/stage.ts';
import { loadConfig } from '../../src/config.ts';

/**
 * A small stage of the real kind (a schema whose fields carry descriptions, a prompt, an offline answer) so the
 * provider tests depend on no analyzer of the pipeline: it reads a short CV excerpt and lists its skills.
 */
export const SkillsSchema = Type.Object(
  {
    summary: Type.String({ minLength: 1, maxLength: 200, description: 'One sentence about the person.' }),
    skills: Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1, description: 'The skill as the CV names it.' }),
        level: Type.Integer({ minimum: 1, maximum: 5, description: 'Proficiency from 1 (beginner) to 5 (expert).' }),
      }),
      { maxItems: 10, description: 'Skills the CV shows.' },
    ),
    seniority: Type.Union([Type.Literal('junior'), Type.Literal('mid'), Type.Literal('senior')], {
      description: 'Overall seniority.',
    }),
    notes: Type.Optional(Type.String({ description: 'Anything a reviewer should know.' })),
  },
  { description: 'The skills a CV excerpt shows.' },
);

export type SkillsInput = { cv: string };

export const skillsStage: AnalysisStage<SkillsInput, typeof SkillsSchema> = {
  name: 'cv-skills',
  schema: SkillsSchema,
  prompt: (input) => ({
    system: 'You read CVs and list the skills they show.',
    user: `CV excerpt:\n${input.cv}`,
  }),
  local: () => ({ summary: 'Not analysed offline.', skills: [], seniority: 'junior' }),
};

export const validSkills = {
  summary: 'A backend developer with six years of TypeScript.',
  skills: [
    { name: 'TypeScript', level: 5 },
    { name: 'PostgreSQL', level: 4 },
  ],
  seniority: 'senior',
};

export const sampleInput: SkillsInput = { cv: 'Six years of TypeScript and PostgreSQL at Acme; led the API team.' };

/** Waits short enough to keep the tests quick, still long enough to be waits. */
export const quickDelays: RetryDelays = { firstDelayMs: 5, maxDelayMs: 20 };

/** Model settings as the application would load them from the environment. */
export function modelSettings(provider: 'openai' | 'anthropic', baseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    AI_PROVIDER: provider,
    AI_BASE_URL: baseUrl,
    AI_MODEL: 'test-model-1',
    AI_API_KEY: 'test-key',
    // Long enough for a first request on a loaded CI machine; the slow replies of the tests take 5 s.
    AI_TIMEOUT_MS: '2000',
    AI_MAX_ATTEMPTS: '3',
    ...env,
  });
}
